/**
 * How another team proves its own adapter behaves like gportal's: run the shared contract suite
 * of the port against it. Here the town layer's `FeatureSource` over GeoJSON, and a user cache
 * over a plain Map.
 */
import type { UserCache } from '@gportal/core';
import { featureSourceContract, userCacheContract } from '@gportal/core/contracts';
import { GeoJsonFeatureSource } from './geojson-feature-source.js';
import { TOWNS_GEOJSON } from './town-fixtures.js';

featureSourceContract('GeoJSON towns of another team', () => ({ source: new GeoJsonFeatureSource([TOWNS_GEOJSON]), typeName: 'towns:area' }));

class MapUserCache implements UserCache {
  private readonly items = new Map<string, string>();
  async setUserItem<T>(key: string, data: T): Promise<void> {
    this.items.set(key, JSON.stringify(data));
  }
  async getUserItem<T>(key: string): Promise<T | undefined> {
    const text = this.items.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }
  async clearUser(): Promise<void> {
    this.items.clear();
  }
}

userCacheContract('a Map-backed cache from another team', () => new MapUserCache());

import { describe, expect, it } from 'vitest';
import { editFeaturesInMemory } from './edit-features-in-memory.js';

describe('examples run as documented', () => {
  it('edit-features-in-memory saves a drawn polygon, an update and a removal', async () => {
    const result = await editFeaturesInMemory();
    // 8 sample towns + 1 drawn − 1 removed.
    expect(result).toMatchObject({ saved: true, featureCount: 8, newId: 'store_33:polygon.9' });
    expect(result.area).toMatch(/^\d+\.\d\d km²$/);
  });
});

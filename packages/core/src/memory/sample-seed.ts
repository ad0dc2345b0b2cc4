import { buildFeatureTypeSpec, LAYER_KINDS, type LayerKind } from '../admin/feature-type-spec.js';
import type { AttributeSpec } from '../domain/admin.js';
import { SAMPLE_DEFAULTS } from '../domain/constants.js';
import type { Position } from '../domain/geometry.js';
import type { MemorySeed } from './create-memory-adapters.js';

/** The demo account the embedded mode shows on its login page. */
export const DEMO_USER = { username: 'demo', password: 'gportal-demo' } as const;

const TOWN_ATTRIBUTES: AttributeSpec[] = [
  { name: 'name', binding: 'String', nillable: true },
  { name: 'population', binding: 'Integer', nillable: true },
  { name: 'area_km2', binding: 'Double', nillable: true },
  { name: 'is_capital', binding: 'Boolean', nillable: true },
  { name: 'founded', binding: 'Date', nillable: true },
];

const TOWNS: Array<{ name: string; lng: number; lat: number; population: number; area: number; capital: boolean; founded: string }> = [
  { name: '福州', lng: 119.3, lat: 26.08, population: 8290000, area: 11968, capital: true, founded: '1949-08-17' },
  { name: '厦门', lng: 118.09, lat: 24.48, population: 5160000, area: 1700, capital: false, founded: '1949-10-17' },
  { name: '泉州', lng: 118.68, lat: 24.87, population: 8780000, area: 11015, capital: false, founded: '1949-08-31' },
  { name: '漳州', lng: 117.65, lat: 24.51, population: 5050000, area: 12600, capital: false, founded: '1949-09-19' },
  { name: '莆田', lng: 119.0, lat: 25.45, population: 3210000, area: 4200, capital: false, founded: '1983-09-09' },
  { name: '龙岩', lng: 117.02, lat: 25.08, population: 2720000, area: 19050, capital: false, founded: '1997-05-28' },
  { name: '三明', lng: 117.64, lat: 26.26, population: 2490000, area: 22959, capital: false, founded: '1983-04-01' },
  { name: '南平', lng: 118.18, lat: 26.64, population: 2680000, area: 26300, capital: false, founded: '1994-06-01' },
];

function square(lng: number, lat: number, half: number): Position[][] {
  return [
    [
      [lng - half, lat - half],
      [lng + half, lat - half],
      [lng + half, lat + half],
      [lng - half, lat + half],
      [lng - half, lat - half],
    ],
  ];
}

function townProperties(town: (typeof TOWNS)[number]) {
  return {
    name: town.name,
    population: town.population,
    area_km2: town.area,
    is_capital: town.capital,
    founded: new Date(`${town.founded}T00:00:00Z`),
  };
}

const SLD = (symbolizer: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>default</Name><UserStyle><FeatureTypeStyle><Rule>${symbolizer}</Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

/** The sample data's global styles (SLD 1.0), by name. */
export const SAMPLE_STYLES = {
  point: SLD('<PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></Mark><Size>6</Size></Graphic></PointSymbolizer>'),
  line: SLD('<LineSymbolizer><Stroke><CssParameter name="stroke">#0000FF</CssParameter><CssParameter name="stroke-width">3</CssParameter></Stroke></LineSymbolizer>'),
  polygon: SLD('<PolygonSymbolizer><Fill><CssParameter name="fill">#AAAAAA</CssParameter></Fill><Stroke><CssParameter name="stroke">#0000FF</CssParameter><CssParameter name="stroke-width">3</CssParameter></Stroke></PolygonSymbolizer>'),
};

/**
 * The embedded default's data (spec sections 3 and 9): workspace and data store `store_33`,
 * layers point / line / polygon / multipolygon / multiline / multipoint with Fujian towns inside
 * lat 20.56–28.32, lng 115.85–120.72, styles point / line / polygon, and the demo user.
 */
export function sampleSeed(): MemorySeed {
  const workspace = SAMPLE_DEFAULTS.workspace;
  const kinds = Object.keys(LAYER_KINDS) as LayerKind[];
  const typeName = (kind: LayerKind) => `${workspace}:${kind}`;
  return {
    users: [{ username: DEMO_USER.username, password: DEMO_USER.password, info: { displayName: '演示用户' } }],
    styles: Object.entries(SAMPLE_STYLES).map(([name, sld]) => ({ name, sld })),
    workspaces: [
      {
        name: workspace,
        stores: [
          {
            spec: {
              name: SAMPLE_DEFAULTS.dataStore,
              host: '127.0.0.1',
              port: 5432,
              database: SAMPLE_DEFAULTS.dataStore,
              schema: 'public',
              user: 'postgres',
              password: 'postgres',
              dbtype: 'postgis',
            },
            featureTypes: kinds.map((kind) =>
              buildFeatureTypeSpec({
                name: kind,
                kind,
                store: SAMPLE_DEFAULTS.dataStore,
                namespace: workspace,
                srid: SAMPLE_DEFAULTS.srid,
                attributes: TOWN_ATTRIBUTES,
              }),
            ),
          },
        ],
      },
    ],
    features: {
      [typeName('point')]: TOWNS.map((town) => ({
        geometry: { type: 'Point', coordinates: [town.lng, town.lat] },
        properties: townProperties(town),
      })),
      [typeName('line')]: TOWNS.slice(1).map((town, index) => {
        const from = TOWNS[index] as (typeof TOWNS)[number];
        return {
          geometry: { type: 'LineString', coordinates: [[from.lng, from.lat], [town.lng, town.lat]] },
          properties: { ...townProperties(town), name: `${from.name}—${town.name}` },
        };
      }),
      [typeName('polygon')]: TOWNS.map((town) => ({
        geometry: { type: 'Polygon', coordinates: square(town.lng, town.lat, 0.12) },
        properties: townProperties(town),
      })),
      [typeName('multipolygon')]: TOWNS.map((town) => ({
        geometry: {
          type: 'MultiPolygon',
          coordinates: [square(town.lng, town.lat, 0.1), square(town.lng + 0.25, town.lat + 0.05, 0.04)],
        },
        properties: townProperties(town),
      })),
      [typeName('multiline')]: TOWNS.map((town) => ({
        geometry: {
          type: 'MultiLineString',
          coordinates: [
            [[town.lng - 0.15, town.lat], [town.lng + 0.15, town.lat]],
            [[town.lng, town.lat - 0.15], [town.lng, town.lat + 0.15]],
          ],
        },
        properties: townProperties(town),
      })),
      // Each town's two railway stations, as a town often has: west and east of its centre.
      [typeName('multipoint')]: TOWNS.map((town) => ({
        geometry: {
          type: 'MultiPoint',
          coordinates: [
            [town.lng - 0.08, town.lat - 0.03],
            [town.lng + 0.08, town.lat + 0.03],
          ],
        },
        properties: townProperties(town),
      })),
    },
  };
}

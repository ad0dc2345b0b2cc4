import { createWfsAdapters } from '@gportal/adapters-geoserver';
import { describe, expect, inject, it } from 'vitest';
import { readFeatureTypes } from '../../src/wfs/capabilities.js';
import { readFeatureSchema } from '../../src/wfs/describe-feature-type.js';
import { parseXml } from '../../src/wfs/wfs-xml.js';

const url = inject('wfsUrl');

// The spec lists DescribeFeatureType and GetCapabilities as XML POSTs; the adapter sends them as
// KVP GETs on purpose. QGIS Server 3.22 answers both forms alike (checked here, so a switch stays
// possible), but a GET is a CORS-simple request (no preflight before every schema or capabilities
// read of a map server on another origin) and its answer can be cached by the browser and by
// proxies; these two are read whenever a layer opens. GetFeature and Transaction go as POSTs.

/** Every request the adapter sends, as method and WFS request name. */
function recording() {
  const sent: string[] = [];
  const fetchRecorded: typeof fetch = async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? init.body : '';
    const name = target.searchParams.get('REQUEST') ?? /<(?:\w+:)?(\w+)[\s>]/.exec(body.replace(/<\?xml[^>]*\?>/, ''))?.[1] ?? '?';
    sent.push(`${init?.method ?? 'GET'} ${name}`);
    return fetch(input, init);
  };
  return { sent, fetch: fetchRecorded };
}

async function post(xml: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: xml });
}

describe('DescribeFeatureType and GetCapabilities: KVP GETs, though QGIS Server 3.22 answers the POSTed XML forms alike', () => {
  it('the adapter reads the schema and the capabilities by GET', async () => {
    const { sent, fetch } = recording();
    const { source } = createWfsAdapters({ url, fetch });
    await source.describe('towns');
    await source.listTypes();
    expect(sent.filter((request) => /DescribeFeatureType|GetCapabilities/.test(request)).sort()).toEqual(['GET DescribeFeatureType', 'GET GetCapabilities']);
  });

  it('a POSTed DescribeFeatureType gives the same schema as the GET', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?><DescribeFeatureType xmlns="http://www.opengis.net/wfs" service="WFS" version="1.1.0"><TypeName>towns</TypeName></DescribeFeatureType>`;
    const posted = await post(body);
    expect(posted.status).toBe(200);
    const got = await fetch(`${url}?SERVICE=WFS&VERSION=1.1.0&REQUEST=DescribeFeatureType&TYPENAME=towns`);
    const read = async (answer: Response) => readFeatureSchema(parseXml(await answer.text(), 'DescribeFeatureType'), 'towns');
    const fromPost = await read(posted);
    expect(fromPost?.schema.properties.map((property) => property.name)).toEqual(['id', 'name', 'population', 'area_km2', 'is_capital', 'founded']);
    expect(fromPost).toEqual(await read(got));
  });

  it('a POSTed GetCapabilities lists the same feature types as the GET', async () => {
    const posted = await post(`<?xml version="1.0" encoding="UTF-8"?><GetCapabilities xmlns="http://www.opengis.net/wfs" service="WFS" version="1.1.0"/>`);
    expect(posted.status).toBe(200);
    const got = await fetch(`${url}?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetCapabilities`);
    const types = async (answer: Response) => readFeatureTypes(parseXml(await answer.text(), 'GetCapabilities'));
    const fromPost = await types(posted);
    expect(fromPost.map((type) => type.name)).toContain('towns');
    expect(fromPost).toEqual(await types(got));
  });
});

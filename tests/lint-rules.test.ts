import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function ruleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

// Each architecture rule must actually fail lint when broken (notes/architecture.md).
describe('architecture import rules', () => {
  it.each([
    ['packages/core/src/probe.ts', "import React from 'react';\nexport const x = React;\n"],
    ['packages/core/src/probe.ts', "import L from 'leaflet';\nexport const x = L;\n"],
    ['packages/core/src/probe.ts', "import WFS from 'ol/format/WFS.js';\nexport const x = WFS;\n"],
    ['packages/core/src/probe.ts', "import { Container } from 'inversify';\nexport const x = Container;\n"],
    ['packages/adapters-geoserver/src/probe.ts', "import React from 'react';\nexport const x = React;\n"],
    ['packages/adapters-storage/src/probe.ts', "import WFS from 'ol/format/WFS.js';\nexport const x = WFS;\n"],
    ['packages/ui-react/src/probe.ts', "import { x } from '@gportal/adapters-geoserver/src/wfs/internal.js';\nexport const y = x;\n"],
  ])('%s refuses %j', async (filePath, code) => {
    expect(await ruleErrors(filePath, code)).toContain('no-restricted-imports');
  });

  it('refuses DOM globals in the core', async () => {
    expect(await ruleErrors('packages/core/src/probe.ts', 'export const x = () => localStorage.getItem("a");\n')).toContain('no-restricted-globals');
  });

  it('accepts what the architecture allows', async () => {
    expect(await ruleErrors('packages/core/src/probe.ts', "import { lineString } from '@turf/turf';\nexport const x = lineString;\n")).toEqual([]);
    expect(await ruleErrors('packages/adapters-geoserver/src/probe.ts', "import WFS from 'ol/format/WFS.js';\nexport const x = WFS;\n")).toEqual([]);
    expect(await ruleErrors('packages/ui-react/src/probe.ts', "import { EditSession } from '@gportal/core';\nexport const x = EditSession;\n")).toEqual([]);
  });
});

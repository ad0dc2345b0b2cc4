import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = new URL('..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: repo });
const depcruiseOptions = extractDepcruiseOptions(join(repo, '.dependency-cruiser.cjs'));

/** The import rules a file with this code breaks: dependency-cruiser needs the file on disk, so it is written and removed. */
async function importViolations(path: string, code: string): Promise<string[]> {
  const file = join(repo, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  try {
    const { output } = await cruise([path], { ...(await depcruiseOptions), baseDir: repo, maxDepth: 1, validate: true });
    const violations = (output as ICruiseResult).summary.violations.filter((violation) => violation.from === path);
    return [...new Set(violations.map((violation) => violation.rule.name))].sort();
  } finally {
    rmSync(file);
  }
}

/** The import rules the first of these files breaks, with the others on disk beside it (a circle needs two). */
async function importViolationsAmong(files: Record<string, string>): Promise<string[]> {
  const paths = Object.keys(files);
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), code);
  }
  try {
    const { output } = await cruise(paths, { ...(await depcruiseOptions), baseDir: repo, maxDepth: 2, validate: true });
    const violations = (output as ICruiseResult).summary.violations.filter((violation) => violation.from === paths[0]);
    return [...new Set(violations.map((violation) => violation.rule.name))].sort();
  } finally {
    for (const path of paths) rmSync(join(repo, path));
  }
}

async function globalErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

// Probe files: not tests, so no vitest project collects them while they exist.
const probe = (folder: string, name = '__lint-probe__') => `${folder}/${name}.ts`;
const CORE = probe('packages/core/src');
const CORE_CONTRACTS = probe('packages/core/src/contracts');
const GEOSERVER = probe('packages/adapters-geoserver/src');
const GEOSERVER_TEST_SUPPORT = probe('packages/adapters-geoserver/src/wfs/test-support');
const STORAGE = probe('packages/adapters-storage/src');
const UI = probe('packages/ui-react/src');
const EXAMPLES = probe('examples');
const EMBED_MAP_APP = probe('examples/embed-map/src');
const BENCH = probe('bench/page');
const BENCH_RUNNER = probe('bench');
const UI_BROWSER_TESTS = probe('packages/ui-react/test/browser');
const UI_MAP = probe('packages/ui-react/src/map');
const UI_SHARED = probe('packages/ui-react/src/ui');

// Each kind of forbidden import fails `npm run lint` (docs/architecture.md).
describe('architecture import rules (dependency-cruiser allow-lists)', () => {
  it.each([
    ['the core, a UI library', CORE, "import React from 'react';\nexport const x = React;\n"],
    ['the core, ol', CORE, "import WFS from 'ol/format/WFS.js';\nexport const x = WFS;\n"],
    ['the core, inversify', CORE, "import { Container } from 'inversify';\nexport const x = Container;\n"],
    ['the core, an HTTP client', CORE, "import { request } from 'undici';\nexport const x = request;\n"],
    ['the core, a turf module it does not name', CORE, "import { area } from '@turf/area';\nexport const x = area;\n"],
    ['the core, an adapter package', CORE, "import { createWfsAdapters } from '@gportal/adapters-geoserver';\nexport const x = createWfsAdapters;\n"],
    ['the core outside its contracts, vitest', CORE, "import { it } from 'vitest';\nexport const x = it;\n"],
    ['the WFS adapter, ol (its tests\' reference only)', GEOSERVER, "import WFS from 'ol/format/WFS.js';\nexport const x = WFS;\n"],
    ['the WFS adapter, xmlbuilder (its XML writer\'s test reference only)', GEOSERVER, "import { begin } from 'xmlbuilder';\nexport const x = begin;\n"],
    ['an adapter, a UI library', GEOSERVER, "import React from 'react';\nexport const x = React;\n"],
    ['an adapter, another adapter', GEOSERVER, "import { storageModule } from '@gportal/adapters-storage';\nexport const x = storageModule;\n"],
    ['the storage adapter, ol', STORAGE, "import WFS from 'ol/format/WFS.js';\nexport const x = WFS;\n"],
    ['the UI, a test library', UI, "import { http } from 'msw';\nexport const x = http;\n"],
    ['examples, a UI library', EXAMPLES, "import React from 'react';\nexport const x = React;\n"],
    ['examples, an anchor only the benchmark may load', EXAMPLES, "import L from 'leaflet';\nexport const x = L;\n"],
  ])('refuses a library outside the allow-list: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toContain('not-in-allowed');
  });

  it.each([
    ['the core', CORE, "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['an adapter', STORAGE, "import { join } from 'node:path';\nexport const x = join;\n"],
    ['the UI', UI, "import { EventEmitter } from 'events';\nexport const x = EventEmitter;\n"],
    ["the embedding example's app (it runs in a browser)", EMBED_MAP_APP, "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
  ])('refuses Node built-ins in production code: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toEqual(['no-node-builtins-in-production', 'not-in-allowed']);
  });

  it.each([
    ['the UI into the core', UI, "import { EditSession } from '../../core/src/index.js';\nexport const x = EditSession;\n"],
    ['an adapter into the core', GEOSERVER, "import { ValidationError } from '../../core/src/errors/errors.js';\nexport const x = ValidationError;\n"],
    ['examples into an adapter', EXAMPLES, "import { createWfsAdapters } from '../packages/adapters-geoserver/src/index.js';\nexport const x = createWfsAdapters;\n"],
    ["the UI into the benchmark's map contract", UI, "import { scriptedSteps } from '../../../bench/page/map-contract.js';\nexport const x = scriptedSteps;\n"],
    ['the benchmark into a script no other workspace shares', BENCH_RUNNER, "import { updateFiguresSection } from '../scripts/reliability/figures-section.js';\nexport const x = updateFiguresSection;\n"],
  ])('refuses relative imports across packages: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toContain('no-relative-import-across-packages');
  });

  it.each([
    ['the UI into an adapter', UI, "import { parseXml } from '@gportal/adapters-geoserver/src/wfs/wfs-xml.js';\nexport const x = parseXml;\n"],
    ['an adapter into the core', STORAGE, "import { Emitter } from '@gportal/core/src/util/emitter.js';\nexport const x = Emitter;\n"],
    ['examples into an adapter', EXAMPLES, "import { MemoryStorage } from '@gportal/adapters-storage/src/memory-storage.js';\nexport const x = MemoryStorage;\n"],
  ])('refuses deep imports into another package: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toContain('no-deep-import');
  });

  it.each([
    ['the in-memory adapters', "import { MemorySessionStore } from '@gportal/core/memory';\nexport const x = MemorySessionStore;\n"],
    ['the contract suites', "import { userCacheContract } from '@gportal/core/contracts';\nexport const x = userCacheContract;\n"],
  ])("refuses the core's test entries in adapter production code: %s", async (_kind, code) => {
    expect(await importViolations(STORAGE, code)).toEqual(['no-memory-adapters-in-adapter-code', 'not-in-allowed']);
  });

  it.each([
    ['the UI', UI, "import { renderContender } from '../../../bench/page/gportal-feature-map.js';\nexport const x = renderContender;\n"],
    ['the core', CORE, "import { scriptedSteps } from '../../../bench/page/map-contract.js';\nexport const x = scriptedSteps;\n"],
  ])('refuses the benchmark in production code: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toContain('no-bench-in-production');
  });

  it.each([
    ['the map, a layout piece of the screens', UI_MAP, 'no-map-into-app-or-screens', "import { AppLayout } from '../screens/layout/app-layout';\nexport const x = AppLayout;\n"],
    ['the map, a screen', UI_MAP, 'no-map-into-app-or-screens', "import { TestMapPage } from '../screens/test-map/test-map-page';\nexport const x = TestMapPage;\n"],
    ['the shared UI pieces, the map', UI_SHARED, 'no-ui-into-rooms-above', "import { FeatureMap } from '../map/feature-map';\nexport const x = FeatureMap;\n"],
    ['the shared UI pieces, a screen', UI_SHARED, 'no-ui-into-rooms-above', "import { AppLayout } from '../screens/layout/app-layout';\nexport const x = AppLayout;\n"],
  ])('refuses imports against the UI\'s rooms: %s', async (_kind, path, rule, code) => {
    // The named rule says what to do instead; the rooms' table of docs/architecture.md bars the same import.
    expect(await importViolations(path, code)).toEqual([rule, 'room-imports-a-room-it-may-not'].sort());
  });

  it.each([
    ["the adapter's test support", "import { wfsServer } from '@gportal/adapters-geoserver/test-support';\nexport const x = wfsServer;\n"],
    ["the UI's browser-test support", "import { launchChromium } from '@gportal/ui-react/test-support';\nexport const x = launchChromium;\n"],
  ])('refuses in the benchmark what other teams cannot import: %s', async (_kind, code) => {
    expect(await importViolations(BENCH, code)).toEqual(['bench-through-public-entries']);
  });

  it('refuses the side door the benchmark once had into the adapter (it no longer exists)', async () => {
    expect(await importViolations(BENCH, "import { readFeatureSet } from '@gportal/adapters-geoserver/bench';\nexport const x = readFeatureSet;\n")).toContain('no-deep-import');
  });

  it('refuses the shared Debian package installer in production code (it runs apt as root)', async () => {
    expect(await importViolations(UI, "import { ensureDebianPackages } from '../../../scripts/debian-packages.js';\nexport const x = ensureDebianPackages;\n")).toEqual(['not-in-allowed']);
  });

  it('refuses an import that does not resolve', async () => {
    expect(await importViolations(GEOSERVER, "import { x } from './no-such-file.js';\nexport const y = x;\n")).toContain('no-unresolvable-import');
  });

  it.each([
    ['the core, its geometry and geodesic libraries', CORE, "import { kinks } from '@turf/kinks';\nimport { Geodesic } from 'geographiclib-geodesic';\nimport { ValidationError } from './errors/errors.js';\nexport const x = [kinks, Geodesic, ValidationError];\n"],
    ['the core, declarations of a type-only package', CORE, "import type { Feature } from 'geojson';\nexport type X = Feature;\n"],
    ['the core contracts, vitest', CORE_CONTRACTS, "import { it } from 'vitest';\nexport const x = it;\n"],
    ['an adapter, inversify and the core', GEOSERVER, "import { ContainerModule } from 'inversify';\nimport { EditSession } from '@gportal/core';\nexport const x = [ContainerModule, EditSession];\n"],
    ['the storage adapter, inversify and the core', STORAGE, "import { ContainerModule } from 'inversify';\nimport { withoutPassword } from '@gportal/core';\nexport const x = [ContainerModule, withoutPassword];\n"],
    ['test support, Node, msw, ol, the fakes and the contracts', GEOSERVER_TEST_SUPPORT, "import { readFileSync } from 'node:fs';\nimport { http } from 'msw';\nimport WFS from 'ol/format/WFS.js';\nimport { MemoryMapServer } from '@gportal/core/memory';\nimport { workspaceAdminContract } from '@gportal/core/contracts';\nexport const x = [readFileSync, http, MemoryMapServer, workspaceAdminContract, WFS];\n"],
    ['the UI, its libraries and every public entry', UI, "import { useState } from 'react';\nimport { Button } from 'antd';\nimport { EditSession } from '@gportal/core';\nimport { createMemoryAdapters } from '@gportal/core/memory';\nimport { storageModule } from '@gportal/adapters-storage';\nexport const x = [useState, Button, EditSession, createMemoryAdapters, storageModule, () => import('@gportal/adapters-geoserver')];\n"],
    ['the map, the shared UI pieces', UI_MAP, "import { ErrorMessage } from '../ui/error-detail';\nimport { FormField } from '../ui/form-field';\nexport const x = [ErrorMessage, FormField];\n"],
    ["the benchmark, its anchors and the adapter's public entry", BENCH, "import L from 'leaflet';\nimport WFS from 'ol/format/WFS.js';\nimport { readAnswerOnMainThread } from '@gportal/adapters-geoserver';\nexport const x = [L, WFS, readAnswerOnMainThread];\n"],
    ["the benchmark, the UI's public entry and React (gportal's map contenders)", BENCH, "import { FeatureLayerRenderer, FeatureMap } from '@gportal/ui-react';\nimport { MemoryEditJournal } from '@gportal/core/memory';\nimport { createRoot } from 'react-dom/client';\nimport { createElement } from 'react';\nimport { scriptedSteps } from './map-contract.js';\nexport const x = [FeatureLayerRenderer, FeatureMap, MemoryEditJournal, createRoot, createElement, scriptedSteps];\n"],
    ["other workspaces' tests, the adapter's test support", UI_BROWSER_TESTS, "import { wfsServer, createGeoServerModel } from '@gportal/adapters-geoserver/test-support';\nexport const x = [wfsServer, createGeoServerModel];\n"],
    ['examples, public entries and Node', EXAMPLES, "import { EditSession } from '@gportal/core';\nimport { userCacheContract } from '@gportal/core/contracts';\nimport { pathToFileURL } from 'node:url';\nexport const x = [EditSession, userCacheContract, pathToFileURL];\n"],
    ["the embedding example's app, React, inversify and the UI's entry", EMBED_MAP_APP, "import { createRoot } from 'react-dom/client';\nimport { Container } from 'inversify';\nimport { FeatureMap } from '@gportal/ui-react';\nimport { EDIT_JOURNAL } from '@gportal/core';\nexport const x = [createRoot, Container, FeatureMap, EDIT_JOURNAL];\n"],
    ["the benchmark's runner, the shared Debian package installer", BENCH_RUNNER, "import { ensureDebianPackages } from '../scripts/debian-packages.js';\nexport const x = ensureDebianPackages;\n"],
    ["the UI's browser tests, the shared Debian package installer", UI_BROWSER_TESTS, "import { ensureDebianPackages } from '../../../../scripts/debian-packages.js';\nexport const x = ensureDebianPackages;\n"],
  ])('accepts what the architecture allows: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toEqual([]);
  });
});

describe('rules that keep the rooms', () => {
  it.each([
    ['the core', 'packages/core/src'],
    ['the map', 'packages/ui-react/src/map'],
    ['an adapter', 'packages/adapters-storage/src'],
  ])('refuses an import circle in production code: %s', async (_kind, folder) => {
    const violations = await importViolationsAmong({
      [probe(folder, '__lint-probe-a__')]: "import { b } from './__lint-probe-b__';\nexport const a = () => b;\n",
      [probe(folder, '__lint-probe-b__')]: "import { a } from './__lint-probe-a__';\nexport const b = () => a;\n",
    });
    expect(violations).toEqual(['no-circular']);
  });

  it('leaves tests their circles (a test may import the helper that imports it back)', async () => {
    const violations = await importViolationsAmong({
      ['packages/core/src/__lint-probe-a__.test.ts']: "import { b } from './__lint-probe-b__.test';\nexport const a = () => b;\n",
      ['packages/core/src/__lint-probe-b__.test.ts']: "import { a } from './__lint-probe-a__.test';\nexport const b = () => a;\n",
    });
    expect(violations).toEqual([]);
  });

  it.each([
    ['the canvas, a panel of the map', probe('packages/ui-react/src/map/canvas'), "import { SnapToggle } from '../panels/snap-toggle';\nexport const x = SnapToggle;\n"],
    ['the language room, the shared UI pieces above it', probe('packages/ui-react/src/i18n'), "import { FormField } from '../ui/form-field';\nexport const x = FormField;\n"],
    ['the shell, a screen', probe('packages/ui-react/src/shell'), "import { LoginPage } from '../screens/login/login-page';\nexport const x = LoginPage;\n"],
    ['loading by view, the edit session above it', probe('packages/core/src/view-loading'), "import { EditSession } from '../edit/index.js';\nexport const x = EditSession;\n"],
    ['the pending changes, the save above them', probe('packages/core/src/edit/changes'), "import { SavePipeline } from '../save/index.js';\nexport const x = SavePipeline;\n"],
  ])('refuses a room the rooms\' table of docs/architecture.md does not let it import: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toContain('room-imports-a-room-it-may-not');
  });

  it.each([
    ['the canvas, the painting stages', probe('packages/ui-react/src/map/canvas'), "import { nextTask } from '../../ui/stages';\nexport const x = nextTask;\n"],
    ['the save, the state and the pending changes', probe('packages/core/src/edit/save'), "import { SessionState } from '../state/index.js';\nimport { isEmpty } from '../changes/index.js';\nexport const x = [SessionState, isEmpty];\n"],
  ])('accepts what the rooms\' table allows: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toEqual([]);
  });

  it.each([
    ['the composition root', "import { createAppContainer } from '../app/container';\nexport const x = createAppContainer;\n"],
    ['the app\'s root component', "import { Root } from '../app/root';\nexport const x = Root;\n"],
  ])('refuses the map the app: %s', async (_kind, code) => {
    expect(await importViolations(UI_MAP, code)).toContain('no-map-into-app-or-screens');
  });

  it.each([
    ['the UI, its browser tests\' helpers', UI, "import { APP_BUILD } from '../test/browser/paths';\nexport const x = APP_BUILD;\n"],
    ['the core, a bench', CORE, "import * as bench from './edit/edit-session.bench';\nexport const x = bench;\n"],
    ['an adapter, its test support', GEOSERVER, "import * as model from './http/test-support/fixtures';\nexport const x = model;\n"],
  ])('refuses test code in what ships: %s', async (_kind, path, code) => {
    expect(await importViolations(path, code)).toContain('no-test-code-in-production');
  });
});

describe('globals the core may not touch (ESLint)', () => {
  it.each([
    ['browser storage', 'export const x = () => localStorage.getItem("a");\n'],
    ['the DOM', 'export const x = () => document.title;\n'],
    ['XMLSerializer', 'export const x = () => new XMLSerializer();\n'],
    ['DOMParser', 'export const x = () => new DOMParser();\n'],
    ['fetch', 'export const x = () => fetch("/geoserver/rest");\n'],
    ['XMLHttpRequest', 'export const x = () => new XMLHttpRequest();\n'],
  ])('refuses %s in the core', async (_kind, code) => {
    expect(await globalErrors('packages/core/src/probe.ts', code)).toContain('no-restricted-globals');
  });

  it('leaves adapters their platform', async () => {
    expect(await globalErrors('packages/adapters-geoserver/src/probe.ts', 'export const x = () => new XMLSerializer();\n')).toEqual([]);
    expect(await globalErrors('packages/core/src/probe.ts', 'export const x = () => structuredClone({ a: 1 });\n')).toEqual([]);
  });
});

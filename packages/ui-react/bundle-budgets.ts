/**
 * The gzip sizes of the built app's JavaScript (zlib's default level, as Vite reports it), in KiB:
 * what they should come down to, and what `npm test` holds them to. One place for both: the
 * browser test of the production build (`test/browser/lazy-split.browser.test.ts`) fails past a
 * budget, and the bench (`bench/results.ts`, through `@gportal/ui-react/bundle-budgets`) judges
 * each figure against its target and lists every chunk with what it holds.
 *
 * - first screen: the scripts `/login` loads, signed out (the sign-in page alone: no router,
 *   container or adapters);
 * - map route: the scripts `/feature-map` loads when opened directly, signed in, until its first
 *   features are drawn (what it loads on use is not part of it: the date field's calendar, the
 *   conflict dialog, leaflet-draw, the read-out's measurement, the shape editor, split, merge and
 *   the topology check, the English messages);
 * - whole app: every chunk, the workers and what loads on use included.
 */
export const BUNDLE_TARGETS_KIB = { firstScreen: 190, mapRoute: 350, wholeApp: 470 } as const;

export type BundleFigure = keyof typeof BUNDLE_TARGETS_KIB;

/**
 * What `npm test` fails past. A budget is its target once the build meets it; until then it is the
 * figure held so far, lowered by every cut and never raised: new code loads on use instead of
 * growing a figure.
 */
export const BUNDLE_BUDGETS_KIB: Readonly<Record<BundleFigure, number>> = { firstScreen: BUNDLE_TARGETS_KIB.firstScreen, mapRoute: 400, wholeApp: 512 };

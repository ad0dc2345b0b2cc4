import { fileURLToPath } from 'node:url';

/** Absolute paths shared by the browser tests and their global setup. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const UI_PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
export const OUTPUT = `${REPO_ROOT}test-output/browser`;
export const APP_BUILD = `${OUTPUT}/app`;
export const STORAGE_HARNESS = `${OUTPUT}/storage-harness/storage-harness.js`;
export const SCREENSHOTS = `${REPO_ROOT}test-output/screenshots`;
export const CHROMIUM = '/usr/bin/chromium';
export const NGINX = '/usr/sbin/nginx';
/** The deployment example the nginx test runs. */
export const NGINX_CONF = `${REPO_ROOT}deploy/nginx.conf`;

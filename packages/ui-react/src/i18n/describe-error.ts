import {
  ConflictError,
  JournalConflictError,
  MapServerError,
  NetworkError,
  NotFoundError,
  TimeoutError,
  ValidationError,
  type FieldProblem,
  type ResourceKind,
} from '@gportal/core';
import type { Translate } from './i18n-provider';
import type { MessageKey } from './messages';

/** An error as a screen shows it. */
export interface DescribedError {
  /** A sentence in the active language, chosen by the error's kind. */
  message: string;
  /** The server's or library's own words, shown beneath the sentence as text; absent when they add nothing. */
  detail?: string | undefined;
}

/** Longest detail quoted: an error page can be a whole stack trace. */
const MAX_DETAIL_LENGTH = 300;

/** The words for the fields the libraries name in a `ValidationError` (URL template names, form fields). */
const FIELD_LABELS: Readonly<Record<string, MessageKey>> = {
  workspace: 'error.field.workspace',
  styleWorkspace: 'error.field.workspace',
  dataStore: 'error.field.dataStore',
  dataBaseName: 'error.field.dataStore',
  featureType: 'error.field.featureType',
  layer: 'error.field.layer',
  style: 'error.field.style',
  srid: 'error.field.srid',
  sld: 'error.field.sld',
  username: 'error.field.username',
  password: 'error.field.password',
  geometry: 'error.field.geometry',
  properties: 'error.field.properties',
};

/** Fields holding catalogue names: an `invalid` one is told the naming rule. */
const NAME_FIELDS: ReadonlySet<string> = new Set(['workspace', 'styleWorkspace', 'dataStore', 'featureType', 'layer', 'style']);

/** Where the spec or a screen words a field's refusal itself (the seed's Chinese, word for word). */
const FIELD_SENTENCES: Readonly<Record<string, Partial<Record<FieldProblem['rule'], MessageKey>>>> = {
  dataBaseName: { required: 'geoserverApi.databaseNameRequired' },
  username: { required: 'login.usernameRequired' },
  password: { required: 'login.passwordRequired' },
  srid: { unsupported: 'geoserverApi.noMatchingCrs' },
  sld: { invalid: 'geoserverApi.sldNotWellFormed' },
};

const RULE_SENTENCES: Readonly<Record<FieldProblem['rule'], MessageKey>> = {
  required: 'error.required',
  invalid: 'error.invalid',
  unsupported: 'error.unsupported',
};

/** Codes the WFS adapter gives an answer it could not read. */
const UNREADABLE_ANSWER_CODES: readonly string[] = ['MalformedResponse', 'UnexpectedResponse'];

function fieldSentence(field: string, problem: FieldProblem | undefined, t: Translate): string {
  const label = FIELD_LABELS[field];
  if (!label) return t('error.validation');
  if (!problem) return t('error.fieldRefused', { field: t(label) });
  const key = FIELD_SENTENCES[field]?.[problem.rule] ?? (problem.rule === 'invalid' && NAME_FIELDS.has(field) ? 'error.invalidName' : RULE_SENTENCES[problem.rule]);
  return t(key, { field: t(label), value: problem.value ?? '', srid: problem.value ?? '' });
}

function validationSentence(error: ValidationError, t: Translate): string {
  const fields = Object.keys(error.fields);
  if (fields.length === 0) return t('error.validation');
  // One sentence a field; the same sentence once (two unknown fields say "invalid input" once).
  return [...new Set(fields.map((field) => fieldSentence(field, error.problems[field], t)))].join(' ');
}

const RESOURCE_WORDS: Readonly<Record<ResourceKind, MessageKey>> = {
  workspace: 'error.resource.workspace',
  'data-store': 'error.resource.data-store',
  'feature-type': 'error.resource.feature-type',
  layer: 'error.resource.layer',
  style: 'error.resource.style',
  feature: 'error.resource.feature',
  'edit-session': 'error.resource.edit-session',
};

function resourceWords(error: NotFoundError | ConflictError, t: Translate): { resource: string; name: string } | undefined {
  return error.resourceKind && { resource: t(RESOURCE_WORDS[error.resourceKind]), name: error.resourceName ?? '' };
}

function conflictSentence(error: ConflictError, t: Translate): string {
  const words = resourceWords(error, t);
  if (error.reason === 'busy' || error.resourceKind === 'edit-session') return t('error.busy');
  if (words?.name && error.reason === 'exists') return t('error.exists', words);
  if (words?.name && error.reason === 'in-use') return t('error.inUse', words);
  return t('error.conflict');
}

/** Errors of kinds the core does not define (an adapter's), told by their `kind`. */
const OTHER_KINDS: Readonly<Record<string, MessageKey>> = {
  'browser-storage': 'error.browserStorage',
  'malformed-response': 'error.malformedAnswer',
};

function sentenceOf(error: unknown, t: Translate): string {
  if (error instanceof ValidationError) return validationSentence(error, t);
  if (error instanceof NotFoundError) {
    const words = resourceWords(error, t);
    if (!words) return t('error.notFoundUnknown');
    return words.name ? t('error.notFound', words) : t('error.notFoundKind', words);
  }
  if (error instanceof ConflictError) return conflictSentence(error, t);
  if (error instanceof MapServerError) {
    if (error.code !== undefined && UNREADABLE_ANSWER_CODES.includes(error.code)) return t('error.malformedAnswer');
    return error.status !== undefined ? t('error.mapServerStatus', { status: error.status }) : t('error.mapServer');
  }
  if (error instanceof NetworkError) return t('error.network');
  // Whole seconds, at least one: "0 seconds" would read as no wait at all.
  if (error instanceof TimeoutError) return t('error.timeout', { count: Math.max(1, Math.round(error.timeoutMs / 1000)) });
  if (error instanceof JournalConflictError) return t('error.journalConflict');
  const kind = (error as { kind?: unknown } | null)?.kind;
  return t((typeof kind === 'string' && OTHER_KINDS[kind]) || 'error.unexpected');
}

function rawText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}

/** Developers' words, shortened; `undefined` when empty or only repeating the sentence. */
export function errorDetail(text: string, sentence = ''): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === sentence.trim()) return undefined;
  return trimmed.length > MAX_DETAIL_LENGTH ? `${trimmed.slice(0, MAX_DETAIL_LENGTH)}…` : trimmed;
}

/**
 * Any error as a sentence in the active language, chosen by its kind (and, for the typed errors
 * of the libraries, by the field, resource or status they carry), with the error's own words as
 * a detail beneath. Never parses English: it reads the errors' structured fields.
 */
export function describeError(error: unknown, t: Translate): DescribedError {
  const message = sentenceOf(error, t);
  const raw = error instanceof ValidationError ? Object.values(error.fields).join('\n') : rawText(error);
  return { message, detail: errorDetail(raw, message) };
}

/** `describeError` of `error` in whichever language is active when it is shown (`ErrorMessage`'s `tell`). */
export function tellError(error: unknown): (t: Translate) => DescribedError {
  return (t) => describeError(error, t);
}

import type { FieldProblem, GportalError, MapServerError, ValidationError } from '@gportal/core';
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

function resourceWords(error: { resourceKind?: string; resourceName?: string }, t: Translate): { resource: string; name: string } | undefined {
  if (!error.resourceKind) return undefined;
  return { resource: t(`error.resource.${error.resourceKind}` as MessageKey), name: error.resourceName ?? '' };
}

function sentenceOf(error: GportalError & { kind: string }, t: Translate): string {
  switch (error.kind) {
    case 'validation':
      return validationSentence(error as ValidationError, t);
    case 'not-found': {
      const words = resourceWords(error as { resourceKind?: string; resourceName?: string }, t);
      if (!words) return t('error.notFoundUnknown');
      return words.name ? t('error.notFound', words) : t('error.notFoundKind', words);
    }
    case 'conflict': {
      const conflict = error as { resourceKind?: string; resourceName?: string; reason?: string };
      const words = resourceWords(conflict, t);
      if (conflict.reason === 'busy' || conflict.resourceKind === 'edit-session') return t('error.busy');
      if (words?.name && conflict.reason === 'exists') return t('error.exists', words);
      if (words?.name && conflict.reason === 'in-use') return t('error.inUse', words);
      return t('error.conflict');
    }
    case 'map-server': {
      const server = error as MapServerError;
      if (server.code !== undefined && UNREADABLE_ANSWER_CODES.includes(server.code)) return t('error.malformedAnswer');
      return server.status !== undefined ? t('error.mapServerStatus', { status: server.status }) : t('error.mapServer');
    }
    case 'malformed-response':
      return t('error.malformedAnswer');
    case 'network':
      return t('error.network');
    case 'timeout':
      return t('error.timeout', { count: Math.round((error as unknown as { timeoutMs: number }).timeoutMs / 1000) });
    case 'journal-conflict':
      return t('error.journalConflict');
    case 'browser-storage':
      return t('error.browserStorage');
    default:
      return t('error.unexpected');
  }
}

function isKindedError(error: unknown): error is GportalError & { kind: string } {
  return error instanceof Error && typeof (error as { kind?: unknown }).kind === 'string';
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
  const message = isKindedError(error) ? sentenceOf(error, t) : t('error.unexpected');
  const raw = isKindedError(error) && error.kind === 'validation' ? Object.values((error as ValidationError).fields).join('\n') : rawText(error);
  return { message, detail: errorDetail(raw, message) };
}

/** `describeError` of `error` in whichever language is active when it is shown (`ErrorMessage`'s `tell`). */
export function tellError(error: unknown): (t: Translate) => DescribedError {
  return (t) => describeError(error, t);
}

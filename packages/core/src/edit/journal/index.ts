// The journal: the session's pending changes written to it as they happen, and put back from it
// into a session that starts (`restore`).
export { journalEntryOf } from './journal-codec.js';
export { JOURNAL_WRITE_TIMEOUT_MS, JournalWriter } from './journal-writer.js';
export { SessionRestore } from './session-restore.js';

// The session's state and its voice: the one owner of what is loaded, pending, held and undoable,
// which the other rooms read and change through its methods, and the events it emits.
export { SessionState } from './session-state.js';
export { reportText, SessionEvents } from './session-events.js';

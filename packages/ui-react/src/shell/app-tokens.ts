/** Tokens of what the composition root binds for the screens besides the core's ports. */
export const APP_CONFIG = Symbol.for('gportal.ui.AppConfig');
export const PROBLEM_LOG = Symbol.for('gportal.ui.ProblemLog');

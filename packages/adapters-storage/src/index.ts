// Filled by the adapters issues.
export {};

// Filled in by its issue; kept so the subpath export resolves.
export {};

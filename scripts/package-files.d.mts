/** The repository docs a README names (`docs/scaling.md` → `scaling.md`). */
export function docsNamedBy(readme: string): string[];

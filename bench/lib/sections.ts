// The sections of `npm run bench`, in the order they run, and the keys each one writes in
// bench/results/latest.json: bench/run.ts runs them, bench/readme-table.ts renders their figures
// into README.md in the same order.
export const sections = [
  'bulk-import',
  'lists',
  'export',
  'audit',
  'throughput',
  'app',
  'load',
  'portal',
  'lighthouse',
  'startup',
] as const;
export type Section = (typeof sections)[number];

export const sectionKeys: Record<Section, string[]> = {
  'bulk-import': ['bulkImport'],
  lists: ['seed', 'largeLists'],
  export: ['export'],
  audit: ['audit'],
  throughput: ['throughput'],
  app: ['app'],
  load: ['load'],
  portal: ['portal'],
  lighthouse: ['lighthouse'],
  startup: ['startup'],
};

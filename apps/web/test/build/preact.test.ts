import { describe, expect, it } from 'vitest';
import { quietOnPreact, reactModulesIn } from '../../build/preact';

describe('reactModulesIn', () => {
  it('finds no React in chunks of Preact, React Router and the sources', () => {
    expect(
      reactModulesIn([
        {
          modules: {
            '/w/node_modules/preact/compat/dist/compat.module.js': {},
            '/w/node_modules/react-router/dist/production/index.mjs': {},
            '/w/node_modules/@tanstack/react-query/build/modern/index.js': {},
            '/w/apps/web/src/main.tsx': {},
          },
        },
      ]),
    ).toEqual([]);
  });

  it('names the modules of React, React DOM or their scheduler, in any chunk', () => {
    expect(
      reactModulesIn([
        { modules: { '/w/apps/web/src/main.tsx': {} } },
        {
          modules: {
            '/w/node_modules/react-dom/cjs/react-dom-client.production.js': {},
            '/w/node_modules/scheduler/index.js': {},
            '/w/node_modules/react/jsx-runtime.js': {},
          },
        },
      ]),
    ).toEqual([
      '/w/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/w/node_modules/scheduler/index.js',
      '/w/node_modules/react/jsx-runtime.js',
    ]);
  });
});

describe('quietOnPreact', () => {
  const undefinedImport = (name: string, from: string, importer: string) => ({
    code: 'IMPORT_IS_UNDEFINED',
    message: `[IMPORT_IS_UNDEFINED] Import \`${name}\` will always be undefined because there is no matching export in '${from}'\n  ╭─[ ${importer}:1:1 ]`,
  });

  it("silences Headless UI's \"use client\" and React Router's probes of React 19's use and useOptimistic", () => {
    expect(
      quietOnPreact({
        code: 'MODULE_LEVEL_DIRECTIVE',
        message:
          'The semantics of the module level directive "use client" in "node_modules/@headlessui/react/dist/components/tabs/tabs.js" may not be preserved when bundling.',
      }),
    ).toBe(true);
    for (const name of ['use', 'useOptimistic'])
      expect(
        quietOnPreact(
          undefinedImport(
            name,
            '../../node_modules/preact/compat/dist/compat.module.js',
            '../../node_modules/react-router/dist/production/chunk-7RTFRKQW.mjs',
          ),
        ),
      ).toBe(true);
  });

  it('keeps every other warning: another missing name, another importer, another code', () => {
    expect(
      quietOnPreact(
        undefinedImport('useActionState', '../../node_modules/preact/compat/dist/compat.module.js', 'src/x.tsx'),
      ),
    ).toBe(false);
    expect(
      quietOnPreact(undefinedImport('use', '../../node_modules/preact/compat/dist/compat.module.js', 'src/x.tsx')),
    ).toBe(false);
    expect(quietOnPreact(undefinedImport('use', 'src/lib/api.ts', 'node_modules/react-router/x.mjs'))).toBe(false);
    expect(quietOnPreact({ code: 'INEFFECTIVE_DYNAMIC_IMPORT', message: 'use client' })).toBe(false);
    expect(quietOnPreact({ code: 'MODULE_LEVEL_DIRECTIVE', message: 'the directive "use strict" in a.js' })).toBe(
      false,
    );
  });
});

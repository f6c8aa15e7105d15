// The build's chunk groups (build/chunk-groups.ts) follow the contract's barrel name by name:
// the names a module's code takes from it (docs/decisions/0019-portal-loading.md).
import { describe, expect, test } from 'vitest';
import { contractNames } from '../../build/chunk-groups';

describe('contractNames', () => {
  test('the values imported and re-exported, without types, by their own names', () => {
    const code = [
      `import { useState } from 'react';`,
      `import { coreMessages, limits as l, type LoginInput } from '@strideadmin/contract';`,
      `import type { Dashboard } from "@strideadmin/contract";`,
      `export { storedSessionSchema } from '@strideadmin/contract';`,
      `import {\n  canOpen,\n  storageKeys,\n} from '@strideadmin/contract';`,
    ].join('\n');
    expect(contractNames(code)).toEqual(['coreMessages', 'limits', 'storedSessionSchema', 'canOpen', 'storageKeys']);
  });

  test('written without spaces', () => {
    expect(contractNames(`import{paths,limits}from"@strideadmin/contract";`)).toEqual(['paths', 'limits']);
  });

  test('none when the module does not import the contract', () => {
    expect(contractNames(`import { z } from 'zod';\nexport const a = 1;`)).toEqual([]);
  });

  test('a namespace import takes the whole barrel', () => {
    expect(contractNames(`import * as contract from '@strideadmin/contract';`)).toBeNull();
    expect(contractNames(`export * from '@strideadmin/contract';`)).toBeNull();
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The MCP SDK is an optional peer: importing `react-agent-kit/server` must not load it. Every
 * runtime import of it in this folder is a dynamic `import()`; static imports are type-only.
 */
describe('loading the MCP SDK', () => {
  it('happens only through dynamic import()', () => {
    const staticImports: string[] = [];
    const dynamicImports: string[] = [];
    const files = readdirSync(import.meta.dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    for (const name of files) {
      const source = ts.createSourceFile(name, readFileSync(join(import.meta.dirname, name), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.startsWith('@modelcontextprotocol/')) {
          const clause = node.importClause;
          const typeOnly = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((element) => element.isTypeOnly));
          if (!typeOnly) staticImports.push(`${name}: ${node.moduleSpecifier.text}`);
        }
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) dynamicImports.push(`${name}: ${(node.arguments[0] as ts.StringLiteral).text}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(staticImports).toEqual([]);
    expect(dynamicImports.sort()).toEqual([
      'load-mcp-sdk.ts: @modelcontextprotocol/sdk/client/index.js',
      'load-mcp-sdk.ts: @modelcontextprotocol/sdk/client/stdio.js',
      'load-mcp-sdk.ts: @modelcontextprotocol/sdk/client/streamableHttp.js',
    ]);
  });
});

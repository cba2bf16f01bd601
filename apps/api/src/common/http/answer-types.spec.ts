/**
 * Every class the API answers with implements a wire type from packages/contracts, so a field renamed on
 * one side breaks the typecheck of both: the SPA imports the same type. The answers are read from the
 * published OpenAPI document (each 2xx schema, and the item of each paginated list), and each class's
 * declaration from the source: it must name, in its `implements` clause or its parent's, a type imported
 * from '@console/contracts'. A new route joins the check by existing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestContext } from '../../test/harness';

interface SchemaRef {
  $ref?: string;
  type?: string;
  items?: SchemaRef;
  properties?: Record<string, SchemaRef>;
  allOf?: SchemaRef[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: SchemaRef }> }> }>>;
  components: { schemas: Record<string, SchemaRef> };
}

const SRC = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

interface DeclaredClass {
  file: string;
  implementsContracts: boolean;
  parent?: string;
}

/** Each exported class of the API's source: whether it implements a contracts type, and its parent class. */
function declaredClasses(): Map<string, DeclaredClass> {
  const classes = new Map<string, DeclaredClass>();
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const fromContracts = new Set<string>();
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === '@console/contracts') {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) fromContracts.add(element.name.text);
      }
    }
    const visit = (node: ts.Node) => {
      if (ts.isClassDeclaration(node) && node.name) {
        let implementsContracts = false;
        let parent: string | undefined;
        for (const clause of node.heritageClauses ?? []) {
          for (const type of clause.types) {
            // `extends paginatedAnswer(Item)`: the page is contracts' Paginated; its item is an answer of its own.
            if (ts.isCallExpression(type.expression) && type.expression.expression.getText(source) === 'paginatedAnswer') {
              implementsContracts = true;
              continue;
            }
            const root = type.expression.getText(source);
            if (clause.token === ts.SyntaxKind.ImplementsKeyword) {
              const named = [root, ...(type.typeArguments ?? []).map((arg) => arg.getText(source))];
              if (named.some((name) => [...fromContracts].some((imported) => new RegExp(`\\b${imported}\\b`).test(name)))) implementsContracts = true;
            } else parent = root;
          }
        }
        classes.set(node.name.text, { file, implementsContracts, parent });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return classes;
}

/** The schema names the document answers with: 2xx bodies, and the items of their arrays and pages. */
function answerSchemas(document: OpenApiDocument): Set<string> {
  const names = new Set<string>();
  const refName = (schema: SchemaRef | undefined) => schema?.$ref?.split('/').pop();
  const collect = (schema: SchemaRef | undefined) => {
    if (!schema) return;
    const name = refName(schema);
    if (name) {
      if (names.has(name)) return;
      names.add(name);
      const declared = document.components.schemas[name];
      collect(declared?.properties?.results?.items);
      return;
    }
    collect(schema.items);
    for (const part of schema.allOf ?? []) collect(part);
  };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const content of Object.values(response.content ?? {})) collect(content.schema);
      }
    }
  }
  return names;
}

describe('API answer types', () => {
  let ctx: TestContext;
  let document: OpenApiDocument;

  beforeAll(async () => {
    ctx = await createTestApp();
    const server = ctx.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    document = (await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/docs-json`)).json()) as OpenApiDocument;
  });
  afterAll(async () => ctx?.close());

  it('every answer class implements a type from packages/contracts', () => {
    const classes = declaredClasses();
    const answers = [...answerSchemas(document)];
    expect(answers.length).toBeGreaterThan(30);
    const implementsContracts = (name: string | undefined): boolean => {
      const declared = name === undefined ? undefined : classes.get(name);
      return declared !== undefined && (declared.implementsContracts || implementsContracts(declared.parent));
    };
    const missing = answers.filter((name) => classes.has(name) && !implementsContracts(name));
    const unknown = answers.filter((name) => !classes.has(name));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });
});

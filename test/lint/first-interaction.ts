import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds the browser tests that wait for hydration and then act at once without saying why. A user clicks as
 * soon as a control is painted, before the app runs; a test that always waits for hydration first never meets
 * that window. `gotoHydrated` followed directly by a click or typing is kept only where the test is about
 * behaviour after the app runs, and a comment on or above that call says so.
 */

/** Locator, page, keyboard and mouse methods that are a user's input. */
const INTERACTIONS = new Set([
  'click',
  'dblclick',
  'fill',
  'type',
  'press',
  'pressSequentially',
  'check',
  'uncheck',
  'selectOption',
  'setChecked',
  'setInputFiles',
  'hover',
  'tap',
  'dragTo',
  'down',
  'up',
  'insertText',
  'wheel',
]);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

function isGotoHydrated(statement: ts.Statement): boolean {
  if (!ts.isExpressionStatement(statement) && !ts.isVariableStatement(statement)) return false;
  let found = false;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'gotoHydrated'
    )
      found = true;
    else ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

function interacts(statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found) return;
    // A function written here runs later, not as the next step.
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      INTERACTIONS.has(node.expression.name.text)
    )
      found = true;
    else ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

/** Naming a locator is not a step: the first statement after the declarations that only name things. */
function firstStep(statements: readonly ts.Statement[]): ts.Statement | undefined {
  return statements.find(
    (statement) =>
      !ts.isVariableStatement(statement) || interacts(statement) || statement.getText().includes('expect'),
  );
}

function hasReason(source: ts.SourceFile, statement: ts.Statement): boolean {
  const text = source.getFullText();
  const leading = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
  const trailing = ts.getTrailingCommentRanges(text, statement.getEnd()) ?? [];
  return leading.length > 0 || trailing.length > 0;
}

/** Every `gotoHydrated` followed directly by an interaction and with no comment, in one file's text. */
export function uncommentedFirstInteractions(file: string, code: string): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isBlock(node) || ts.isSourceFile(node)) {
      node.statements.forEach((statement, index) => {
        const next = firstStep(node.statements.slice(index + 1));
        if (next && isGotoHydrated(statement) && interacts(next) && !hasReason(source, statement)) {
          const { line } = source.getLineAndCharacterOfPosition(statement.getStart());
          findings.push({ file, line: line + 1, text: statement.getText().split('\n')[0] ?? '' });
        }
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The same over every spec and support file of the browser tests. */
export function findingsIn(directory: string): Finding[] {
  const files = readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.ts'),
  );
  return files.flatMap((name) => {
    const file = path.join(directory, name);
    return uncommentedFirstInteractions(file, readFileSync(file, 'utf8'));
  });
}

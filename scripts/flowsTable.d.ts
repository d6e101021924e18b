/** Types of scripts/flowsTable.js (plain JavaScript, so that scripts/test.js runs it under node without a build). */
export interface Figure {
  reached: number;
  total: number;
}
export interface FlowRow {
  line: number;
  cells: string[];
  flow: string;
  items: string[];
}
export const README: string;
export const LAST_MEASUREMENT: string;
export function readMeasured(text: string): Map<string, Figure>;
export function flowTable(readme: string): { lines: string[]; column: number; rows: FlowRow[] };
export function tableProblems(readme: string, measured: Map<string, Figure>): string[];
export function rewriteTable(readme: string, measured: Map<string, Figure>): string;
export function checkReadme(measurementFile: string): string | null;

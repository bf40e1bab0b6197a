// The view model of a query (what the page draws, computed once from the trace), in one import:
// its types, buildModel, operator names, window lookups and the result table.

export * from './types';
export { boundsOfLabel, buildModel, stateSeriesOf } from './build';
export { inputName, operator, operatorName, sidesOf } from './names';
export { windowCountsAt, windowPhase } from './windows';
export { ResultTable, type ResultRow } from './result-table';

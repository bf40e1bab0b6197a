// The view model of a query (what the page draws, computed once from the trace), in one import:
// its types, buildModel, operator names, window lookups and the result table.

export * from './types';
export { buildFrom, buildModel, idleAt, sourceTableOf, stateSeriesOf, stateSeriesOfStates, type StepSource, versionsAt, waitingAt } from './build';
export { inputColumns, keyText, modeReason, opMeta, type OpMeta, outputColumns, type ResultCol, resultName, resultsText, resultValue, WINDOW_KINDS } from './ops';
export { inputName, operator, operatorName, sidesOf } from './names';
export { firesBy, windowCountsAt, windowPhase } from './windows';
export { outStart, stepAt, stepName } from './steps';
export { fillSteps, LAZY_STEPS, type LazySteps, missingBlocks, STEP_BLOCK, stepHead } from './step-blocks';
export { ResultTable, type ResultRow } from './result-table';
export { lineOf } from './result-ranks';
export { parseList, ptfName, ptfStateAt } from './ptf';
export { changeName, goneAt, type LookupEvent, type LookupFound, type LookupProbe, type LookupStoreView, type StoreChange, type StaleEcho, staleAt, type StoreRow, storeAt } from './lookup';

// What tests/model/step_blocks.test.mjs bundles: the worker's and the page's model code.
export { buildModel, fillSteps, LAZY_STEPS, missingBlocks, STEP_BLOCK, stepAt, stepHead, stepName } from '../../www/src/model';
export { decodePart, joinModel, sentSteps, splitModel, stepsOf } from '../../www/src/engine/split';
export { PackedTrace, unpackTrace, unpackValue } from '../../www/src/engine/unpack';
export { buildFrom } from '../../www/src/model/build';

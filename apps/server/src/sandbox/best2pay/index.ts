export { best2paySandbox, SANDBOX_BEST2PAY_PREFIX } from './plugin';
export { TEST_CARDS, THREE_DS_CODE, testCardRule, type TestCard } from './test-cards';

export { activateCard, deleteCard, listCards, setAutopay, type CardAccessDenied } from './cards';
export { finishBindingOnReturn, startBinding, type BindingOutcome } from './binding';

/**
 * An error whose message is the whole French line an operator needs (a command that cannot run,
 * a server that cannot start): shown alone, without a stack trace.
 */
export class OperatorMessage extends Error {}

export { ArgsError } from './args/args-error.js';
export { type Command, type CommandSpec, defineCommand, parseCommand } from './args/command.js';
export { type DayRange, parseDay } from './args/day.js';
export { dayArg, pageNumber, wholeNumber } from './args/schemas.js';
export { type ParsedArgs, parseArgs } from './args/tokenize.js';

export { ArgsError } from '../blocks/args-error.js';
export { type Command, type CommandSpec, defineCommand, parseCommand } from './command.js';
export { type DayRange, parseDay } from './day.js';
export { dayArg, pageNumber, wholeNumber } from './schemas.js';
export { type ParsedArgs, parseArgs } from './tokenize.js';

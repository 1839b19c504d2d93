export { ArgsError, type Problem } from '../blocks/args-error.js';
export { type Command, type CommandSpec, defineCommand, parseCommand } from './command.js';
export { type DayRange, parseDay } from './day.js';
export {
  dayArg,
  issueProblem,
  pageNumber,
  type Rule,
  rule,
  wholeNumber,
} from './schemas.js';
export { type ParsedArgs, parseArgs } from './tokenize.js';

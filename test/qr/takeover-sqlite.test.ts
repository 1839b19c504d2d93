import { killInFiftyLiveCodes } from './takeover.js';

killInFiftyLiveCodes('sqlite');

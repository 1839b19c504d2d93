import { killInFiftyLiveCodes } from './takeover.js';

killInFiftyLiveCodes('postgres');

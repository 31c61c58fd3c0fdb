// DAP-18 §4.4.2: the preparing thread's module when no one-file bundle starts it
// (client/prepare-thread.ts); the work itself is in prepare-serve.ts.
import { servePrepareRequests } from './prepare-serve.js';

servePrepareRequests();

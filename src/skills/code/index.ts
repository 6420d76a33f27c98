/** Code actions: agent JavaScript calling the skills, run in the QuickJS sandbox over world ticks. */
export { CodeProgram, settleJobs, type CodeProgramOptions, type CodeResult } from './code-program.js';

/** S-Agents: the hourglass agent, its organisations (topologies, collaboration modes, message bus) and the team factory. */
export * from './perception.js';
export * from './schemas.js';
export * from './prompts.js';
export * from './hourglass-agent.js';
export * from './scripted-policy.js';
export * from './team.js';

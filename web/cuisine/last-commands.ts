/** How the page names an agent: `You` for the human's agent0, `AI n` for the others. */
export function agentLabel(id: string): string {
  return id === 'agent0' ? 'You' : `AI ${id.replace('agent', '')}`;
}

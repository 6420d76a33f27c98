/** One colour per agent name, the same in the 3D view, the 2D map and the panels (a hash of the name onto the hue circle). */
export function agentColor(name: string): string {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return `hsl(${(h >>> 0) % 360}, 70%, 55%)`;
}

/** The 2D map's chest marker: its fill and rim (the tests read the fill back from the canvas). */
export const CHEST_MARKER = { fill: '#8d5a2b', rim: '#ffd180' } as const;

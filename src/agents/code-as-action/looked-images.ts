/**
 * The frames a program's `look()` calls took, as images for the model's next writing turn: each is
 * captioned with the handle look() returned to the program (`img-3`), so the model can tell which
 * picture its code asked for. The env keeps only the newest few per turn (`MAX_LOOK_IMAGES`, 3),
 * which bounds what a program full of look() calls costs in image tokens.
 */
import type { ObservedView } from '../../core/observation.js';
import type { ChatRequest, ImagePart } from '../../llm/index.js';

export type LookedImage = NonNullable<ObservedView['looked']>[number];

/** The request with `looked` attached to its last user message, captioned by handle; unchanged when there are none. */
export function withLookedImages(req: ChatRequest, looked: readonly LookedImage[]): ChatRequest {
  if (looked.length === 0) return req;
  const last = req.messages.map((m) => m.role).lastIndexOf('user');
  if (last < 0) return req;
  const images: ImagePart[] = looked.map((l) => ({ type: 'image', mime: 'image/png', data: l.png, width: l.width, height: l.height }));
  const caption = `Attached, in this order: the first-person frames your look() calls returned as ${looked.map((l) => l.id).join(', ')} (what you saw right after turning; only the newest few of a turn are kept).`;
  const messages = req.messages.map((m, i) => (i === last ? { ...m, content: `${m.content}\n\n${caption}`, images: [...(m.images ?? []), ...images] } : m));
  return { ...req, messages };
}

/**
 * Task metadata -> YAML text in the paper's style: coordinates and other lists of plain values on one
 * line (`position: [8, 64, 18]`, Appendix B constraint 1), everything else in block style. The output
 * is stable for equal input, so regenerating with the same seed rewrites identical files.
 */
import { Document, isScalar, visit } from 'yaml';

export function toTaskYaml(value: unknown, header?: string): string {
  const doc = new Document(value);
  visit(doc, {
    Seq(_, node) {
      if (node.items.every((item) => isScalar(item))) node.flow = true;
    },
    Map(_, node) {
      // Small all-scalar maps inside lists ({x, y, z}, area corners) read better inline too.
      if (node.items.length <= 3 && node.items.every((pair) => isScalar(pair.value) && typeof (pair.value as { value: unknown }).value === 'number')) node.flow = true;
    },
  });
  if (header) doc.commentBefore = header;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/** The YAML inside a model's answer: the first fenced block when there is one, else the whole text. */
export function extractYaml(answer: string): string {
  const fenced = /```(?:ya?ml)?[ \t]*\n([\s\S]*?)```/i.exec(answer);
  return (fenced ? fenced[1]! : answer).trim() + '\n';
}

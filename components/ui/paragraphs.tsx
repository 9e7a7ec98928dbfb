/** A text of messages/*.json whose paragraphs are separated by a blank line, one <p> each. */
export function Paragraphs({ text }: { text: string }) {
  return text.split('\n\n').map((paragraph) => <p key={paragraph.slice(0, 40)}>{paragraph}</p>);
}

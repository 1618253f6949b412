import { factorySpace } from 'micromark-factory-space';
import { markdownLineEnding } from 'micromark-util-character';
import { EditMap } from 'micromark-util-edit-map';
import type { Code, Construct, ContainerState, Effects, Event, State, Token, TokenizeContext } from 'micromark-util-types';
import { document } from './micromarkInternals.ts';

/*
 * micromark 4.0.3's document tokenizer (micromark/lib/initialize/document.js, MIT,
 * © Titus Wormer), copied unchanged but for one loop. After each lazy line (a line that
 * continues a paragraph inside a block quote or list item without its `>` or indent) it
 * asks whether anything in the container's flow is still open across the line start, by
 * walking the flow's events from the last back to one that is: in a paragraph of lazy
 * lines that one is the paragraph's first event, so every lazy line walked the whole
 * paragraph and parsing grew with the square of its length (`> a` / `lazy` lines: 128 KB
 * 2.9 s, 512 KB 45 s, 1 MB 109 s; now 0.6, 1.5 and 3.0 s).
 *
 * `openAcross` gives the same answer in time linear in the document: see there. Installed
 * once per thread, like linearEditMap.ts and linearResolvers.ts.
 */

type StackItem = [Construct, ContainerState];
type FlowTokenizer = ReturnType<TokenizeContext['parser']['flow']>;

const containerConstruct: Construct = { tokenize: tokenizeContainer };

/**
 * Per flow tokenizer: how many of its first events are known to be of tokens ended at or
 * before a line start already asked about, and the token of the last of them (to see that
 * nothing was spliced in before it since).
 */
interface ClosedPrefix {
  events: Event[];
  length: number;
  last: Token | undefined;
}
const closedPrefixes = new WeakMap<FlowTokenizer, ClosedPrefix>();

/**
 * Whether a token of `flow`'s events starts before `lineStart` and is not ended or ends
 * after it: micromark's question, whose answer does not depend on the order the events
 * are looked at. Line starts only grow, so a token ended at or before one is ended before
 * every later one: the events of such tokens at the front are skipped for good. Then the
 * first event past them is looked at, and the others from the last back, as micromark
 * looks at them. That is exact whatever the events are; it is fast because events follow
 * the document's order (an enter at its token's start, an exit at its end): the first
 * event past the prefix is of a token open across the line start (in a paragraph of lazy
 * lines, the paragraph's own), or it and all after it start at or after the line start
 * and are only the line's own. A splice before the skipped events (which flow resolvers
 * such as a setext underline's may make) is seen by the token at the end of the prefix
 * having moved, and then the prefix is found again from the start.
 */
function openAcross(flow: FlowTokenizer, lineStart: number): boolean {
  const events = flow.events;
  let prefix = closedPrefixes.get(flow);
  if (!prefix || prefix.events !== events || prefix.length > events.length || (prefix.length > 0 && events[prefix.length - 1]![1] !== prefix.last)) {
    prefix = { events, length: 0, last: undefined };
    closedPrefixes.set(flow, prefix);
  }
  let closed = prefix.length;
  while (closed < events.length && events[closed]![1].end && events[closed]![1].end.offset <= lineStart) closed++;
  prefix.length = closed;
  prefix.last = closed > 0 ? events[closed - 1]![1] : undefined;
  // Not ended by the line start: open across it if it starts before it.
  if (closed < events.length && events[closed]![1].start.offset < lineStart) return true;
  for (let index = events.length - 1; index > closed; index--) {
    const token = events[index]![1];
    if (token.start.offset < lineStart && (!token.end || token.end.offset > lineStart)) return true;
  }
  return false;
}

function initializeDocument(this: TokenizeContext, effects: Effects): State {
  // eslint-disable-next-line @typescript-eslint/no-this-alias
  const self = this;
  const stack: StackItem[] = [];
  let continued = 0;
  let childFlow: FlowTokenizer | undefined;
  let childToken: Token | undefined;
  let lineStartOffset: number;
  return start;

  function start(code: Code): State | undefined {
    if (continued < stack.length) {
      const item = stack[continued]!;
      self.containerState = item[1];
      return effects.attempt(item[0].continuation!, documentContinue, checkNewContainers)(code);
    }
    return checkNewContainers(code);
  }

  function documentContinue(code: Code): State | undefined {
    continued++;
    if (self.containerState!._closeFlow) {
      self.containerState!._closeFlow = undefined;
      if (childFlow) closeFlow();
      const indexBeforeExits = self.events.length;
      let indexBeforeFlow = indexBeforeExits;
      let point;
      while (indexBeforeFlow--) {
        if (self.events[indexBeforeFlow]![0] === 'exit' && self.events[indexBeforeFlow]![1].type === 'chunkFlow') {
          point = self.events[indexBeforeFlow]![1].end;
          break;
        }
      }
      exitContainers(continued);
      let index = indexBeforeExits;
      while (index < self.events.length) {
        self.events[index]![1].end = { ...point! };
        index++;
      }
      const editMap = new EditMap();
      editMap.add(indexBeforeFlow + 1, 0, self.events.slice(indexBeforeExits));
      editMap.add(indexBeforeExits, index - indexBeforeExits, []);
      editMap.consume(self.events);
      return checkNewContainers(code);
    }
    return start(code);
  }

  function checkNewContainers(code: Code): State | undefined {
    if (continued === stack.length) {
      if (!childFlow) return documentContinued(code);
      if (childFlow.currentConstruct && childFlow.currentConstruct.concrete) return flowStart(code);
      self.interrupt = Boolean(childFlow.currentConstruct && !childFlow._gfmTableDynamicInterruptHack);
    }
    self.containerState = {};
    return effects.check(containerConstruct, thereIsANewContainer, thereIsNoNewContainer)(code);
  }

  function thereIsANewContainer(code: Code): State | undefined {
    if (childFlow) closeFlow();
    exitContainers(continued);
    return documentContinued(code);
  }

  function thereIsNoNewContainer(code: Code): State | undefined {
    self.parser.lazy[self.now().line] = continued !== stack.length;
    lineStartOffset = self.now().offset;
    return flowStart(code);
  }

  function documentContinued(code: Code): State | undefined {
    self.containerState = {};
    return effects.attempt(containerConstruct, containerContinue, flowStart)(code);
  }

  function containerContinue(code: Code): State | undefined {
    continued++;
    stack.push([self.currentConstruct!, self.containerState!]);
    return documentContinued(code);
  }

  function flowStart(code: Code): State | undefined {
    if (code === null) {
      if (childFlow) closeFlow();
      exitContainers(0);
      effects.consume(code);
      return;
    }
    childFlow = childFlow || self.parser.flow(self.now());
    effects.enter('chunkFlow', { _tokenizer: childFlow, contentType: 'flow', previous: childToken });
    return flowContinue(code);
  }

  function flowContinue(code: Code): State | undefined {
    if (code === null) {
      writeToChild(effects.exit('chunkFlow'), true);
      exitContainers(0);
      effects.consume(code);
      return;
    }
    if (markdownLineEnding(code)) {
      effects.consume(code);
      writeToChild(effects.exit('chunkFlow'));
      continued = 0;
      self.interrupt = undefined;
      return start;
    }
    effects.consume(code);
    return flowContinue;
  }

  function writeToChild(token: Token, endOfFile?: boolean): undefined {
    const stream = self.sliceStream(token);
    if (endOfFile) stream.push(null);
    token.previous = childToken;
    if (childToken) childToken.next = token;
    childToken = token;
    childFlow!.defineSkip(token.start);
    childFlow!.write(stream);
    // A lazy line: if nothing is open across its start, it began a new flow block, and the
    // containers are exited between the two blocks.
    if (self.parser.lazy[token.start.line]) {
      if (openAcross(childFlow!, lineStartOffset)) return;
      const indexBeforeExits = self.events.length;
      let indexBeforeFlow = indexBeforeExits;
      let seen: boolean | undefined;
      let point;
      while (indexBeforeFlow--) {
        if (self.events[indexBeforeFlow]![0] === 'exit' && self.events[indexBeforeFlow]![1].type === 'chunkFlow') {
          if (seen) {
            point = self.events[indexBeforeFlow]![1].end;
            break;
          }
          seen = true;
        }
      }
      exitContainers(continued);
      let index = indexBeforeExits;
      while (index < self.events.length) {
        self.events[index]![1].end = { ...point! };
        index++;
      }
      const editMap = new EditMap();
      editMap.add(indexBeforeFlow + 1, 0, self.events.slice(indexBeforeExits));
      editMap.add(indexBeforeExits, index - indexBeforeExits, []);
      editMap.consume(self.events);
    }
  }

  function exitContainers(size: number): undefined {
    let index = stack.length;
    while (index-- > size) {
      const entry = stack[index]!;
      self.containerState = entry[1];
      entry[0].exit!.call(self, effects);
    }
    stack.length = size;
  }

  function closeFlow(): undefined {
    childFlow!.write([null]);
    childToken = undefined;
    childFlow = undefined;
    self.containerState!._closeFlow = undefined;
  }
}

function tokenizeContainer(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  return factorySpace(effects, effects.attempt(this.parser.constructs.document, ok, nok), 'linePrefix', (this.parser.constructs.disable.null ?? []).includes('codeIndented') ? undefined : 4);
}

/** micromark's own document tokenizer, which this module replaces (the tests hold the two to the same trees). */
export const micromarkDocumentTokenizer = document.tokenize;
export const linearDocumentTokenizer = initializeDocument as typeof document.tokenize;

// Only where the shape is the one this was written for (a later micromark may differ).
if (typeof document.tokenize === 'function' && document.tokenize.length === 1) document.tokenize = linearDocumentTokenizer;

/**
 * A digit trie over flat typed arrays: 10 child slots per node and one value slot. Walking a number
 * costs one array read per digit, with no string slicing or hashing, which is what lets the rating
 * engine answer hundreds of thousands of lookups a second.
 */
export class PrefixTrie<T> {
  private children = new Int32Array(10 * 64);
  private valueIndex = new Int32Array(64).fill(-1);
  private nodes = 1;
  private values: T[] = [];

  /** Stores a value under a digit prefix (non-digits rejected); a second set replaces the first. */
  set(prefix: string, value: T): void {
    let node = 0;
    for (let i = 0; i < prefix.length; i++) {
      const d = prefix.charCodeAt(i) - 48;
      if (d < 0 || d > 9) throw new Error(`prefix "${prefix}" is not all digits`);
      let next = this.children[node * 10 + d];
      if (next === 0) {
        next = this.grow();
        this.children[node * 10 + d] = next;
      }
      node = next;
    }
    if (this.valueIndex[node] >= 0) this.values[this.valueIndex[node]] = value;
    else {
      this.valueIndex[node] = this.values.length;
      this.values.push(value);
    }
  }

  get(prefix: string): T | undefined {
    let node = 0;
    for (let i = 0; i < prefix.length; i++) {
      const d = prefix.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return undefined;
      node = this.children[node * 10 + d];
      if (node === 0) return undefined;
    }
    const v = this.valueIndex[node];
    return v >= 0 ? this.values[v] : undefined;
  }

  /**
   * The value of the longest prefix of `digits` that `accept` takes (all of them without `accept`).
   * `accept` lets a caller skip a prefix whose rates are not yet in effect and fall back to a shorter one;
   * it gets `arg` too, so a caller passes one function made once instead of a closure made per call (the
   * rating engine calls this several times a quote).
   */
  longest<A>(digits: string, accept?: (value: T, arg: A) => boolean, arg?: A): T | undefined {
    let node = 0;
    let found: T | undefined;
    const root = this.valueIndex[0];
    if (root >= 0 && (!accept || accept(this.values[root], arg as A))) found = this.values[root];
    for (let i = 0; i < digits.length; i++) {
      const d = digits.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      node = this.children[node * 10 + d];
      if (node === 0) break;
      const v = this.valueIndex[node];
      if (v >= 0 && (!accept || accept(this.values[v], arg as A))) found = this.values[v];
    }
    return found;
  }

  get size(): number {
    return this.values.length;
  }

  /** Bytes held by the typed arrays (the values are counted by the caller). */
  get bytes(): number {
    return this.children.byteLength + this.valueIndex.byteLength;
  }

  private grow(): number {
    if (this.nodes === this.valueIndex.length) {
      const children = new Int32Array(this.children.length * 2);
      children.set(this.children);
      this.children = children;
      const values = new Int32Array(this.valueIndex.length * 2).fill(-1);
      values.set(this.valueIndex);
      this.valueIndex = values;
    }
    return this.nodes++;
  }
}

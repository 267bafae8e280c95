export * from './types';
export * from './money';
export { compileCatalog, type CompiledCatalog } from './compile';
export { quote, priceFor, digitsOf } from './quote';
export { PrefixTrie } from './prefix-trie';

export * from './types';
export * from './money';
export { compileCatalog, type CompiledCatalog, type CompiledProduct } from './compile';
export { quote, priceFor, digitsOf, networkOfMccMnc } from './quote';
export { PrefixTrie } from './prefix-trie';

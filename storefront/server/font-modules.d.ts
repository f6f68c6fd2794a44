/** wawoff2 (Google's woff2 in WebAssembly) ships no types: the two functions the font cut uses. */
declare module "wawoff2" {
  const wawoff2: {
    compress(sfnt: Uint8Array): Promise<Uint8Array>
    decompress(woff2: Uint8Array): Promise<Uint8Array>
  }
  export default wawoff2
}

// pdfmake 0.3 ships no types; only what invoice-pdf.ts calls is declared.
declare module 'pdfmake' {
  type Content = string | number | Record<string, unknown> | Content[];
  interface PdfDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void;
    createPdf(doc: { content: Content; [key: string]: unknown }): PdfDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}

declare module 'bmp-js' {
  interface ImagemBmp {
    width: number;
    height: number;
    /** ABGR, 4 bytes per pixel. */
    data: Buffer;
  }
  const bmp: { decode(buffer: Buffer): ImagemBmp; encode(imagem: ImagemBmp, qualidade?: number): { data: Buffer } };
  export default bmp;
}

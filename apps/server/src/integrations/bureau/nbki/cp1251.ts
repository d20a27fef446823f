/*
 * windows-1251, the encoding of NBKI's request and answer XML. Node decodes it (TextDecoder with
 * ICU); the encoder is the decoder's table turned around. A character the code page lacks becomes
 * «?», as iconv's //TRANSLIT-less conversion would refuse it.
 */

const decoder = new TextDecoder('windows-1251');

const ENCODE: ReadonlyMap<number, number> = new Map(
  Array.from({ length: 128 }, (_, offset) => {
    const byte = 0x80 + offset;
    return [decoder.decode(Uint8Array.of(byte)).codePointAt(0) ?? 0xfffd, byte] as const;
  }),
);

const QUESTION_MARK = 0x3f;

export function encodeCp1251(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? QUESTION_MARK;
    bytes.push(code < 0x80 ? code : (ENCODE.get(code) ?? QUESTION_MARK));
  }
  return Uint8Array.from(bytes);
}

export function decodeCp1251(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

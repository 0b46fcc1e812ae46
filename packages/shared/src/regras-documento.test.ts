import { describe, expect, it } from 'vitest';
import { buscaConteudoDocumentoSchema } from './conteudo-pecas.ts';
import { textoBuscaConteudo } from './regras-documento.ts';

describe('textoBuscaConteudo', () => {
  it('answers as buscaConteudoDocumentoSchema does: the trimmed words, or the same message', () => {
    for (const valor of ['', '  ab  ', 'abc', '  "ata de reunião" -rascunho ', 'x'.repeat(200), 'x'.repeat(201)]) {
      const schema = buscaConteudoDocumentoSchema.safeParse({ texto: valor });
      const regra = textoBuscaConteudo(valor);
      if (schema.success) expect(regra).toEqual({ texto: schema.data.texto, erro: null });
      else expect(regra).toEqual({ texto: null, erro: schema.error.issues[0]?.message });
    }
  });
});

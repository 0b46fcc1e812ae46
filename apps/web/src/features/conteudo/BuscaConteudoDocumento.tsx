import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import {
  abreNoNavegador,
  MENSAGENS_CONTEUDO,
  type OcorrenciaConteudo,
  type Peca,
  textoBuscaConteudo,
} from '@tramite/shared';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { CampoTextoLeve } from '../../components/CampoTextoLeve';
import { OCULTO_VISUALMENTE } from '../../components/oculto-visualmente';
import { TrechoDestacado } from '../../components/TrechoDestacado';
import { mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { urlArquivo, usePecas } from '../pecas/api';
import { useConteudoDocumento } from './api-conteudo';

const mensagemErro = (erro: unknown) => mensagemDoErro(erro, MENSAGENS_CONTEUDO.erroBuscar);

function contagem(quantidade: number): string {
  if (quantidade === 0) return MENSAGENS_CONTEUDO.nenhumaOcorrencia;
  if (quantidade === 1) return '1 página encontrada';
  return `${quantidade} páginas encontradas`;
}

function Ocorrencia({ ocorrencia, peca }: { ocorrencia: OcorrenciaConteudo; peca: Peca | undefined }) {
  const { sequencial, nomePeca, pagina } = ocorrencia;
  return (
    <Box component="li" data-testid="ocorrencia-conteudo" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h3" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
        Peça {sequencial} — {nomePeca}, página {pagina}
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
        <TrechoDestacado trecho={ocorrencia.trecho} />
      </Typography>
      {peca?.podeVisualizar ? (
        // Browsers' PDF viewers open at the page the fragment names.
        <Link
          href={`${urlArquivo(peca)}#page=${pagina}`}
          target={abreNoNavegador(peca.tipoMime) ? '_blank' : undefined}
          rel="noopener noreferrer"
          variant="body2"
        >
          Abrir na página {pagina}
          <Box component="span" sx={OCULTO_VISUALMENTE}>
            {` da peça ${sequencial}`}
          </Box>
        </Link>
      ) : null}
    </Box>
  );
}

/**
 * "Buscar no conteúdo das peças" on the document page (issue 21): the pages of the peças the reader may open that
 * contain the words, each with its excerpt and a link that opens the file at that page.
 */
export function BuscaConteudoDocumento({ idDocumento }: { idDocumento: number }) {
  const idCampo = useId();
  const idTitulo = useId();
  const [valor, setValor] = useState('');
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const [texto, setTexto] = useState<string | null>(null);
  const busca = useConteudoDocumento(idDocumento, texto);
  useErroConsulta(busca.error, mensagemErro);
  const resultado = busca.data;
  // The peças table's rows (the same cached query) say how each file is opened.
  const pecas = usePecas(resultado && resultado.itens.length > 0 ? idDocumento : null);
  const porId = useMemo(() => new Map((pecas.data ?? []).map((peca) => [peca.idAcessoAnexo, peca])), [pecas.data]);

  const buscar = (evento: FormEvent) => {
    evento.preventDefault();
    // The server's rule without zod (issue 23: the document's page loads no zod).
    const validado = textoBuscaConteudo(valor);
    setErroCampo(validado.erro);
    if (validado.texto !== null) setTexto(validado.texto);
  };

  const carregando = busca.isFetching;
  const status = carregando ? 'Buscando…' : resultado ? contagem(resultado.itens.length) : '';

  return (
    <Paper variant="outlined" component="section" aria-labelledby={idTitulo} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={idTitulo} component="h2" variant="h6" sx={{ mb: 2 }}>
        Buscar no conteúdo das peças
      </Typography>
      <Stack
        component="form"
        role="search"
        aria-labelledby={idTitulo}
        noValidate
        onSubmit={buscar}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <CampoTextoLeve
          id={idCampo}
          label="Buscar no conteúdo das peças"
          value={valor}
          onChange={(evento) => setValor(evento.target.value)}
          size="small"
          type="search"
          error={erroCampo !== null}
          helperText={erroCampo ?? 'Use aspas para frases e o sinal de menos para excluir palavras'}
          sx={{ flex: 1, maxWidth: { sm: 560 } }}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'campo-conteudo-documento' } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchOutlined />}
          loading={carregando}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, mt: { sm: '2px' } }}
        >
          Buscar
        </Button>
      </Stack>

      <Typography
        role="status"
        variant="body2"
        data-testid="contagem-conteudo-documento"
        sx={{ mt: status ? 1.5 : 0, fontWeight: resultado && resultado.itens.length > 0 ? 600 : 400 }}
      >
        {status}
      </Typography>

      {resultado && resultado.pecasEmLeitura > 0 ? (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid="aviso-em-leitura">
          {MENSAGENS_CONTEUDO.emLeitura(resultado.pecasEmLeitura)}
        </Alert>
      ) : null}

      {resultado && resultado.itens.length > 0 ? (
        <Box component="ul" aria-label="Páginas encontradas" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
          {resultado.itens.map((ocorrencia) => (
            <Ocorrencia
              key={`${ocorrencia.idAcessoAnexo}-${ocorrencia.pagina}`}
              ocorrencia={ocorrencia}
              peca={porId.get(ocorrencia.idAcessoAnexo)}
            />
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}

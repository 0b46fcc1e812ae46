import { Alert, Box, List, ListItem, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import { MENSAGENS_CIENCIA } from '@tramite/shared';
import { lazy, Suspense, useState } from 'react';
import { mensagemComDetalhe } from '../../lib/api';
import { formatarDataHora } from '../../lib/formatacao';
import { useCiencias } from './consultas';
import { TEXTOS_CIENCIA as T } from './textos';

const TAMANHOS = [10, 25, 50] as const;

// The pagination (MUI's, with its select) only shows past TAMANHOS[0] ciências: loaded then, at its own height.
const Paginacao = lazy(async () => ({ default: (await import('../../components/Paginacao')).Paginacao }));
const ALTURA_PAGINACAO = 52;

/** The document page's "Ciências": who has taken ciência, with unit, time and note (logged-in readers). */
export function SecaoCiencias({ idDocumento }: { idDocumento: number }) {
  const [pagina, setPagina] = useState(1);
  const [tamanhoPagina, setTamanhoPagina] = useState<number>(TAMANHOS[0]);
  const ciencias = useCiencias(idDocumento, pagina, tamanhoPagina);
  const dados = ciencias.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="titulo-ciencias" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="titulo-ciencias" component="h2" variant="h6" sx={{ mb: 1 }}>
        {T.tituloSecao}
        {dados ? ` (${dados.total})` : ''}
      </Typography>
      {ciencias.isLoading ? <Skeleton variant="rounded" height={80} /> : null}
      {ciencias.error ? (
        <Alert severity="error" role="status">
          {mensagemComDetalhe(MENSAGENS_CIENCIA.erroCarregar, ciencias.error)}
        </Alert>
      ) : null}
      {dados && dados.total === 0 ? <Typography color="text.secondary">{MENSAGENS_CIENCIA.nenhuma}</Typography> : null}
      {dados && dados.itens.length > 0 ? (
        <>
          <List dense data-testid="lista-ciencias">
            {dados.itens.map((c) => (
              <ListItem key={c.id} disableGutters divider data-testid="ciencia">
                <ListItemText
                  primary={
                    <>
                      <strong>{c.usuario.nome}</strong> — <abbr title={c.unidade.nome}>{c.unidade.sigla}</abbr> —{' '}
                      {formatarDataHora(c.em)}
                    </>
                  }
                  secondary={
                    c.observacao ? (
                      <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                        {c.observacao}
                      </Box>
                    ) : c.observacaoOculta ? (
                      T.observacaoRestrita
                    ) : null
                  }
                />
              </ListItem>
            ))}
          </List>
          {dados.total > TAMANHOS[0] ? (
            <Suspense fallback={<Box sx={{ height: ALTURA_PAGINACAO }} />}>
              <Paginacao
                total={dados.total}
                pagina={pagina}
                tamanhoPagina={tamanhoPagina}
                opcoesTamanho={TAMANHOS}
                rotuloTamanho={T.porPagina}
                aoMudar={(novaPagina, novoTamanho) => {
                  setPagina(novaPagina);
                  setTamanhoPagina(novoTamanho);
                }}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Paper>
  );
}

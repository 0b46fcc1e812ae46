import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { Box, IconButton, Typography } from '@mui/material';
import { useId } from 'react';
import { ListaSuspensa } from './ListaSuspensa';

export interface PaginacaoProps {
  total: number;
  /** 1-based. */
  pagina: number;
  tamanhoPagina: number;
  /** The page sizes offered; the current one is always among them. */
  opcoesTamanho: readonly number[];
  /** 'Documentos por página:' when omitted. */
  rotuloTamanho?: string;
  aoMudar: (pagina: number, tamanhoPagina: number) => void;
}

const numero = (valor: number) => valor.toLocaleString('pt-BR');

export const ROTULO_TAMANHO_PADRAO = 'Documentos por página:';

/** The page sizes offered, in order, with the current one among them. */
export function opcoesComAtual(opcoes: readonly number[], atual: number): number[] {
  return [...new Set([...opcoes, atual])].sort((a, b) => a - b);
}

/**
 * The pager of MUI's TablePagination (page size, "1–20 de 300", previous and next) without its tooltips, which
 * bring MUI's Tooltip and Popper (about 11 KB gzip) into the first screen (issue 11); the buttons keep their names
 * and show them on hover through `title`.
 */
export function Paginacao({ total, pagina, tamanhoPagina, opcoesTamanho, rotuloTamanho, aoMudar }: PaginacaoProps) {
  const idRotulo = useId();
  const de = total === 0 ? 0 : (pagina - 1) * tamanhoPagina + 1;
  const ate = Math.min(total, pagina * tamanhoPagina);
  const ultima = Math.max(1, Math.ceil(total / tamanhoPagina));
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 3 },
        minHeight: 52,
        px: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={idRotulo} variant="body2">
          {rotuloTamanho ?? ROTULO_TAMANHO_PADRAO}
        </Typography>
        <ListaSuspensa
          compacta
          id={`${idRotulo}-tamanho`}
          idRotuloExterno={idRotulo}
          valor={String(tamanhoPagina)}
          opcoes={opcoesComAtual(opcoesTamanho, tamanhoPagina).map((opcao) => ({
            valor: String(opcao),
            rotulo: String(opcao),
          }))}
          aoMudar={(valor) => aoMudar(1, Number(valor))}
        />
      </Box>
      <Typography variant="body2">{`${numero(de)}–${numero(ate)} de ${numero(total)}`}</Typography>
      <Box sx={{ display: 'flex' }}>
        <IconButton
          aria-label="Ir para a página anterior"
          title="Ir para a página anterior"
          disabled={pagina <= 1}
          onClick={() => aoMudar(pagina - 1, tamanhoPagina)}
        >
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton
          aria-label="Ir para a próxima página"
          title="Ir para a próxima página"
          disabled={pagina >= ultima}
          onClick={() => aoMudar(pagina + 1, tamanhoPagina)}
        >
          <KeyboardArrowRight />
        </IconButton>
      </Box>
    </Box>
  );
}

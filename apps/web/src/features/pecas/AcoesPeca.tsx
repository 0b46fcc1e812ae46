import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import type { Peca } from '@tramite/shared';
import { useState } from 'react';
import { nomePeca } from './textos';

export type AcaoPeca = 'editar' | 'sequencia' | 'cancelar' | 'excluir';

export interface AcoesPecaProps {
  ocupado: boolean;
  aoMover: (peca: Peca, sequencial: number) => void;
  aoAgir: (acao: AcaoPeca, peca: Peca) => void;
  aoBaixar: (peca: Peca) => void;
}

function MenuAcoes({
  peca,
  aoAgir,
  desabilitado,
}: {
  peca: Peca;
  aoAgir: AcoesPecaProps['aoAgir'];
  desabilitado: boolean;
}) {
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const escolher = (acao: AcaoPeca) => {
    setAncora(null);
    aoAgir(acao, peca);
  };
  const idMenu = `menu-peca-${peca.idAcessoAnexo}`;
  return (
    <>
      <Tooltip title="Mais ações">
        <span>
          <IconButton
            aria-label={`Mais ações da peça ${peca.sequencial}: ${nomePeca(peca)}`}
            aria-haspopup="menu"
            aria-controls={ancora ? idMenu : undefined}
            aria-expanded={ancora ? 'true' : undefined}
            onClick={(evento) => setAncora(evento.currentTarget)}
            disabled={desabilitado}
            size="small"
          >
            <MoreVert fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu id={idMenu} anchorEl={ancora} open={ancora !== null} onClose={() => setAncora(null)}>
        <MenuItem onClick={() => escolher('editar')}>Editar</MenuItem>
        <MenuItem onClick={() => escolher('sequencia')}>Alterar sequência</MenuItem>
        <MenuItem onClick={() => escolher('cancelar')}>Cancelar peça</MenuItem>
        {peca.podeExcluir ? <MenuItem onClick={() => escolher('excluir')}>Excluir</MenuItem> : null}
      </Menu>
    </>
  );
}

/** A peça's actions: download it and, for the unit holding the document, move it up or down and the menu. */
export function AcoesPeca({
  peca,
  ultima,
  ocupado,
  aoMover,
  aoAgir,
  aoBaixar,
}: AcoesPecaProps & { peca: Peca; ultima: number }) {
  const nome = nomePeca(peca);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {peca.podeVisualizar ? (
        <Tooltip title="Baixar">
          <IconButton aria-label={`Baixar ${nome}`} size="small" onClick={() => aoBaixar(peca)}>
            <DownloadOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {peca.podeAlterar ? (
        <>
          {[
            { sentido: 'para cima', destino: peca.sequencial - 1, bloqueado: peca.sequencial <= 1, Icone: ArrowUpward },
            {
              sentido: 'para baixo',
              destino: peca.sequencial + 1,
              bloqueado: peca.sequencial >= ultima,
              Icone: ArrowDownward,
            },
          ].map(({ sentido, destino, bloqueado, Icone }) => (
            <Tooltip key={sentido} title={`Mover ${sentido}`}>
              <span>
                <IconButton
                  aria-label={`Mover ${nome} ${sentido}`}
                  size="small"
                  disabled={ocupado || bloqueado}
                  onClick={() => aoMover(peca, destino)}
                >
                  <Icone fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          ))}
          <MenuAcoes peca={peca} aoAgir={aoAgir} desabilitado={ocupado} />
        </>
      ) : null}
    </Stack>
  );
}

import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Button, Link, Paper, TableCell, TableRow, Typography } from '@mui/material';
import type { Agregado } from '@tramite/shared';
import { Link as LinkRouter } from 'react-router';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { formatarDataHora } from '../../lib/formatacao';
import { ACAO_DESFAZER } from './DialogoDesfazerJuntada';

const COLUNAS: readonly ColunaTabela[] = [
  { rotulo: 'Número', papel: 'titulo' },
  { rotulo: 'Tipo' },
  { rotulo: 'Juntado em' },
  { rotulo: 'Juntado por' },
];

/** The documents joined in one way (attached or appended): number, type, when and by whom, and the undo button. */
export function TabelaAgregados(props: {
  titulo: string;
  agregados: Agregado[];
  podeDesfazer: boolean;
  aoDesfazer: (agregado: Agregado) => void;
}) {
  const idTitulo = `titulo-${props.titulo.toLowerCase()}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography id={idTitulo} component="h2" variant="h6" sx={{ mb: 1 }}>
        {props.titulo}
      </Typography>
      {props.agregados.length === 0 ? (
        <Typography color="text.secondary">Nenhum documento.</Typography>
      ) : (
        <Tabela
          aria-labelledby={idTitulo}
          colunas={props.podeDesfazer ? [...COLUNAS, { rotulo: 'Ações', papel: 'acoes' }] : COLUNAS}
        >
          {props.agregados.map((a) => (
            <TableRow key={a.idAgregado}>
              <TableCell>
                <Link component={LinkRouter} to={`/documentos/${a.idDocumento}`}>
                  {a.numero}
                </Link>
              </TableCell>
              <TableCell>{a.tipo}</TableCell>
              <TableCell>{formatarDataHora(a.juntadoEm)}</TableCell>
              <TableCell>{a.juntadoPor}</TableCell>
              {props.podeDesfazer ? (
                <TableCell>
                  <Button
                    size="small"
                    startIcon={<LinkOffOutlined />}
                    onClick={() => props.aoDesfazer(a)}
                    aria-label={`${ACAO_DESFAZER[a.tipoAgregacao]} ${a.numero}`}
                  >
                    {ACAO_DESFAZER[a.tipoAgregacao]}
                  </Button>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </Tabela>
      )}
    </Paper>
  );
}

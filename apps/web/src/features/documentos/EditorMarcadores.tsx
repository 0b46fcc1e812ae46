import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { Autocomplete, Box, Button, Chip, Stack, TextField } from '@mui/material';
import { MENSAGENS, separarMarcadores, validarMarcadores } from '@tramite/shared';
import { useState } from 'react';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { mensagemDoErro } from '../../lib/api';
import { useSalvarMarcadores } from './api';

/** Typed text may hold several tags separated by commas; blanks and repeats are dropped (shared rule). */
function normalizar(marcadores: readonly string[]): string[] {
  return separarMarcadores(marcadores.join(','));
}

/** The user's own tags on a document, typed as chips (Enter or comma adds one) and saved together. */
export function EditorMarcadores({ idDocumento, marcadores }: { idDocumento: number; marcadores: string[] }) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const salvar = useSalvarMarcadores(idDocumento);
  const [valor, setValor] = useState<string[]>(marcadores);
  const [texto, setTexto] = useState('');

  async function gravar() {
    const todos = normalizar([...valor, texto]);
    setValor(todos);
    setTexto('');
    const invalido = validarMarcadores(todos.join(','));
    if (invalido) {
      snackbar.erro(invalido);
      return;
    }
    try {
      await executar('Salvando marcadores', () => salvar.mutateAsync(todos));
      snackbar.sucesso(MENSAGENS.documento.marcadoresSalvos);
    } catch (erro) {
      snackbar.erro(mensagemDoErro(erro, MENSAGENS.documento.erroSalvarMarcadores));
    }
  }

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <Box sx={{ flex: 1 }}>
        <Autocomplete
          multiple
          freeSolo
          id="campo-marcadores"
          options={[] as string[]}
          value={valor}
          inputValue={texto}
          onInputChange={(_evento, novo) => {
            if (novo.endsWith(',')) {
              setValor(normalizar([...valor, novo]));
              setTexto('');
            } else {
              setTexto(novo);
            }
          }}
          onChange={(_evento, novos) => setValor(normalizar(novos))}
          renderValue={(marcadores, obterPropriedades) =>
            marcadores.map((marcador, indice) => {
              const { key, ...propriedades } = obterPropriedades({ index: indice });
              return <Chip key={key} label={marcador} size="small" {...propriedades} />;
            })
          }
          renderInput={(parametros) => (
            <TextField
              {...parametros}
              label="Marcadores"
              helperText="Digite um marcador e tecle Enter (ou vírgula) para incluí-lo. Só você vê os seus marcadores."
            />
          )}
        />
      </Box>
      <Button
        variant="outlined"
        startIcon={<SaveOutlined />}
        onClick={gravar}
        disabled={salvar.isPending}
        sx={{ mt: { md: 1 }, flexShrink: 0 }}
      >
        Salvar marcadores
      </Button>
    </Stack>
  );
}

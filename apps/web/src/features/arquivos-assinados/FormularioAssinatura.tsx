import { zodResolver } from '@hookform/resolvers/zod';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Button, Paper, Stack, Typography } from '@mui/material';
import {
  camposAssinaturaSchema,
  descreverTamanho,
  MENSAGENS,
  TAMANHO_MAXIMO_ARQUIVO_ASSINATURA,
} from '@tramite/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { Formulario } from '../../components/formulario/Formulario';
import { primeiraMensagem } from '../../components/formulario/primeira-mensagem';
import { motivoFalhaEnvio } from '../../lib/envio-arquivo';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { assinarArquivo, useAssinante, useTiposAssinatura } from './api';
import { type ItemAssinatura, ListaArquivosAssinatura } from './ListaArquivosAssinatura';

const M = MENSAGENS.arquivosAssinados;
const A = MENSAGENS.arquivos;

/** What the browser already knows the server would refuse. */
function problemaDoArquivo(arquivo: File): string | null {
  if (arquivo.size > TAMANHO_MAXIMO_ARQUIVO_ASSINATURA) {
    return A.arquivoGrande(descreverTamanho(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA));
  }
  if (!/\.pdf$/i.test(arquivo.name)) return M.apenasPdf;
  return null;
}

/** Spec §2 and §8: choose PDFs and a signature type, sign each one and report each file's outcome. */
export function FormularioAssinatura({ aoAssinar }: { aoAssinar: () => void }) {
  const id = useId();
  const snackbar = useSnackbar();
  const tipos = useTiposAssinatura();
  const assinante = useAssinante();
  useErroConsulta(tipos.error, A.erroBuscarTiposAssinatura);
  const entrada = useRef<HTMLInputElement>(null);
  const proximaChave = useRef(0);
  const [itens, setItens] = useState<ItemAssinatura[]>([]);
  const formulario = useForm({
    resolver: zodResolver(camposAssinaturaSchema),
    defaultValues: { idTipoAssinatura: null as number | null, matrSiape: '' },
    shouldFocusError: false,
  });
  const { control, getFieldState, setValue } = formulario;
  const assinando = formulario.formState.isSubmitting;

  // The SIAPE number comes from the user's record, unless the user already typed one.
  useEffect(() => {
    if (!getFieldState('matrSiape').isDirty && assinante.data?.matriculaSiape) {
      setValue('matrSiape', assinante.data.matriculaSiape);
    }
  }, [assinante.data, getFieldState, setValue]);

  const atualizar = (chave: number, mudanca: Partial<ItemAssinatura>) =>
    setItens((atuais) => atuais.map((item) => (item.chave === chave ? { ...item, ...mudanca } : item)));

  function adicionar(arquivos: FileList | null) {
    if (!arquivos?.length) return;
    const novos = Array.from(arquivos, (arquivo) => {
      proximaChave.current += 1;
      return { chave: proximaChave.current, arquivo, estado: 'pendente', progresso: 0, mensagem: null } as const;
    });
    setItens((atuais) => [...atuais.filter((item) => item.estado !== 'assinado'), ...novos]);
  }

  async function assinarTodos({ idTipoAssinatura, matrSiape }: { idTipoAssinatura: number; matrSiape: string }) {
    const tipo = tipos.data?.find((t) => t.id === idTipoAssinatura);
    if (!tipo) return;
    const falhas: string[] = [];
    let assinados = 0;
    for (const item of itens.filter((i) => i.estado !== 'assinado')) {
      const nome = item.arquivo.name;
      const problema = problemaDoArquivo(item.arquivo);
      if (problema) {
        const mensagem = `${A.naoAssinado(nome)}${problema}`;
        atualizar(item.chave, { estado: 'falhou', mensagem });
        falhas.push(mensagem);
        continue;
      }
      atualizar(item.chave, { estado: 'assinando', progresso: 0, mensagem: null });
      try {
        await assinarArquivo(
          item.arquivo,
          { idTipoAssinatura: tipo.id, tipoAssinatura: tipo.descricao, matrSiape },
          ({ percentual }) => atualizar(item.chave, { progresso: percentual }),
        );
        atualizar(item.chave, { estado: 'assinado', progresso: 100, mensagem: M.assinado(nome) });
        assinados += 1;
      } catch (erro) {
        const mensagem = `${A.naoAssinado(nome)}${motivoFalhaEnvio(erro)}`;
        atualizar(item.chave, { estado: 'falhou', mensagem });
        falhas.push(mensagem);
      }
    }
    if (assinados > 0) aoAssinar();
    if (falhas[0]) snackbar.erro(falhas[0]);
    else if (assinados > 0) snackbar.sucesso(M.assinados(assinados));
  }

  const pendentes = itens.filter((item) => item.estado !== 'assinado').length;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 3 }} aria-labelledby={`${id}-titulo`}>
      <Typography id={`${id}-titulo`} component="h2" variant="h6" sx={{ mb: 2 }}>
        Assinar arquivos
      </Typography>
      <Formulario
        formulario={formulario}
        aoEnviar={assinarTodos}
        aoInvalidar={(erros) => snackbar.erro(primeiraMensagem(erros) ?? MENSAGENS.geral.parametrosInvalidos)}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <CampoSelecaoControlado
            control={control}
            name="idTipoAssinatura"
            rotulo="Tipo de assinatura"
            opcoes={(tipos.data ?? []).map((tipo) => ({ valor: tipo.id, rotulo: tipo.descricao }))}
            required
            disabled={assinando || !tipos.data}
            sx={{ minWidth: 320 }}
          />
          <CampoTextoControlado
            control={control}
            name="matrSiape"
            required
            label="Matrícula SIAPE"
            textoAjuda="A sua matrícula: cada servidor assina com a própria"
            disabled={assinando}
            maxLength={20}
            atributosEntrada={{ inputMode: 'numeric' }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => entrada.current?.click()}
            disabled={assinando}
          >
            Escolher arquivos PDF
          </Button>
          <Typography variant="body2" color="text.secondary">
            Somente PDF, até {descreverTamanho(TAMANHO_MAXIMO_ARQUIVO_ASSINATURA)} por arquivo.
          </Typography>
          <input
            ref={entrada}
            type="file"
            multiple
            hidden
            accept=".pdf,application/pdf"
            aria-label="Arquivos PDF para assinar"
            data-testid="entrada-arquivos-assinatura"
            onChange={(evento) => {
              adicionar(evento.target.files);
              evento.target.value = '';
            }}
          />
        </Stack>
        <ListaArquivosAssinatura
          itens={itens}
          assinando={assinando}
          aoRemover={(chave) => setItens((atuais) => atuais.filter((outro) => outro.chave !== chave))}
        />
        <Button type="submit" variant="contained" startIcon={<DrawOutlined />} disabled={assinando || pendentes === 0}>
          {assinando ? 'Assinando…' : 'Assinar arquivos'}
        </Button>
      </Formulario>
    </Paper>
  );
}
